import { isLockedFile, type PublicFile, type PublicFileAnswer, type VerifiedFile } from '@shared/api/file-share.schema';

export type ShownFile = { file: PublicFile; accessToken: string | undefined };

/**
 * The file the page shows (the verified one once its password was accepted) and the access token
 * every delivery shares, so one visit costs one view: the metadata's own token, else the one the
 * password check handed out. Null while a protected file still needs its password: the page then
 * knows nothing about it to show.
 */
export function shownFile(publicFile: PublicFileAnswer, verified: VerifiedFile | null): ShownFile | null {
  if (verified !== null && verified.slug === publicFile.slug)
    return { file: verified, accessToken: verified.access_token };
  if (isLockedFile(publicFile)) return null;
  return { file: publicFile, accessToken: publicFile.access_token ?? undefined };
}
