import type { PublicFile, VerifiedFile } from '@shared/api/file-share.schema';

export type ShownFile = { file: PublicFile; accessToken: string | undefined };

/**
 * The file the page shows (the verified one once its password was accepted) and the access token
 * every delivery shares, so one visit costs one view: the metadata's own token, else the one the
 * password check handed out.
 */
export function shownFile(publicFile: PublicFile, verified: VerifiedFile | null): ShownFile {
  const file = verified?.slug === publicFile.slug ? verified : publicFile;
  return { file, accessToken: file.access_token ?? verified?.access_token };
}
