// The kind of file an entry's icon shows: from its type first and its extension second, as the
// previews choose (preview-kind.ts), with archives told apart from other binaries.
import type { FsEntry } from '@shared/api/fs.schema';
import { fileExtension } from '@shared/mimetype';
import { previewKind } from '@shared/preview-kind';

export const fileTypes = ['image', 'video', 'audio', 'pdf', 'text', 'code', 'archive', 'office', 'other'] as const;
export type FileType = (typeof fileTypes)[number];
export type EntryKind = 'folder' | 'mount' | FileType;

const archiveExtensions = new Set([
  'zip',
  'tar',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'zst',
  '7z',
  'rar',
  'lz',
  'lzma',
  'cab',
  'iso',
]);
const archiveTypes = [
  'application/zip',
  'application/x-tar',
  'application/gzip',
  'application/x-gzip',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
  'application/x-7z-compressed',
  'application/vnd.rar',
  'application/x-rar-compressed',
];

export function fileTypeOf(name: string, contentType: string | null): FileType {
  const type = (contentType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (archiveTypes.includes(type) || archiveExtensions.has(fileExtension(name))) return 'archive';
  const kind = previewKind(type, name);
  switch (kind) {
    case 'markdown':
      return 'text';
    case 'none':
      return 'other';
    default:
      return kind;
  }
}

export function entryKindOf(entry: FsEntry): EntryKind {
  if (entry.isMount) return 'mount';
  if (entry.isDirectory) return 'folder';
  return fileTypeOf(entry.name, entry.contentType);
}
