// The type a stored file gets: the shared upload rule (Markdown names are text/markdown), then the
// declared type, then a guess from the name (the mime-types registry) when the client sends none
// (or a generic one).
import { contentType, lookup } from 'mime-types';
import { fileExtension, GENERIC_MIMETYPE, isMarkdownName, MARKDOWN_MIMETYPE } from '@shared/mimetype';

/**
 * Where the registry's answer differs from the one this server has always given. `.ts` and `.mts`
 * are TypeScript far more often than MPEG transport streams here: no guess, so previews go by the
 * name (code); a browser uploading a video declares its type itself.
 */
const kept = new Map([
  ['ico', 'image/x-icon'],
  ['flac', 'audio/flac'],
  ['ts', GENERIC_MIMETYPE],
  ['mts', GENERIC_MIMETYPE],
]);

/** The type a name implies (the mime-types registry), or the generic type when the name says nothing. */
export function mimeFromFilename(filename: string): string {
  const extension = fileExtension(filename);
  if (extension === '') return GENERIC_MIMETYPE;
  return kept.get(extension) ?? (lookup(extension) || GENERIC_MIMETYPE);
}

/** Markdown names are text/markdown; else the declared type unless it is missing, generic or malformed; then a guess from the name. */
export function resolveMimeType(filename: string, declared: string | undefined): string {
  if (isMarkdownName(filename)) return MARKDOWN_MIMETYPE;
  const clean = declared?.trim().toLowerCase();
  if (clean === undefined || clean === '' || clean === GENERIC_MIMETYPE || !/^[\w.+-]+\/[\w.+-]+$/.test(clean)) {
    return mimeFromFilename(filename);
  }
  return clean;
}

/** What the built web app's files keep where the registry would answer otherwise. */
const keptForStaticFiles = new Map([
  ['.ico', 'image/x-icon'],
  ['.xml', 'application/xml; charset=utf-8'],
]);

/** The Content-Type of a file of the built web app by its extension (`.js`), text with its charset. */
export function staticFileType(extension: string): string {
  const lower = extension.toLowerCase();
  return keptForStaticFiles.get(lower) ?? (contentType(lower) || GENERIC_MIMETYPE);
}
