// The type a stored file gets: the shared upload rule (Markdown names are text/markdown), then the
// declared type, then a guess from the name when the client sends none (or a generic one).
import { fileExtension, GENERIC_MIMETYPE, isMarkdownName, MARKDOWN_MIMETYPE } from '@shared/mimetype';

const byExtension: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  pdf: 'application/pdf',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function mimeFromFilename(filename: string): string {
  return byExtension[fileExtension(filename)] ?? GENERIC_MIMETYPE;
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
