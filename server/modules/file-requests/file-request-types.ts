// Allowed types of a file request: an entry is an extension (`.pdf`), a MIME family (`image/*`)
// or one MIME type. At the start of an upload the name is checked (its extension, and the type
// the name implies, never the type the client declares); at commit the content's first bytes are:
// a known signature must be allowed itself, and a name whose extension has a signature must carry it.
import { fileExtension } from '@shared/mimetype';
import { resolveMimeType } from '@server/lib/mime';

/** How many leading bytes the commit reads. */
export const SNIFF_BYTES = 64;

type Signature = { mime: string; exts: readonly string[]; test: (b: Buffer) => boolean };

const at = (b: Buffer, offset: number, text: string | readonly number[]) => {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : Buffer.from(text);
  return b.length >= offset + bytes.length && b.subarray(offset, offset + bytes.length).equals(bytes);
};
const brand = (b: Buffer) => (at(b, 4, 'ftyp') ? b.subarray(8, 12).toString('latin1') : null);
const zipFamily = [
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'epub',
  'jar',
  'apk',
  'ipa',
  'xpi',
  'kmz',
  '3mf',
];

const signatures: readonly Signature[] = [
  { mime: 'image/png', exts: ['png', 'apng'], test: (b) => at(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mime: 'image/jpeg', exts: ['jpg', 'jpeg', 'jpe', 'jfif'], test: (b) => at(b, 0, [0xff, 0xd8, 0xff]) },
  { mime: 'image/gif', exts: ['gif'], test: (b) => at(b, 0, 'GIF87a') || at(b, 0, 'GIF89a') },
  { mime: 'image/webp', exts: ['webp'], test: (b) => at(b, 0, 'RIFF') && at(b, 8, 'WEBP') },
  { mime: 'audio/wav', exts: ['wav'], test: (b) => at(b, 0, 'RIFF') && at(b, 8, 'WAVE') },
  { mime: 'video/x-msvideo', exts: ['avi'], test: (b) => at(b, 0, 'RIFF') && at(b, 8, 'AVI ') },
  {
    mime: 'image/tiff',
    exts: ['tif', 'tiff', 'dng', 'cr2', 'nef', 'arw'],
    test: (b) => at(b, 0, [0x49, 0x49, 0x2a, 0x00]) || at(b, 0, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  { mime: 'application/pdf', exts: ['pdf'], test: (b) => at(b, 0, '%PDF-') },
  {
    mime: 'application/zip',
    exts: zipFamily,
    test: (b) => at(b, 0, [0x50, 0x4b, 0x03, 0x04]) || at(b, 0, [0x50, 0x4b, 0x05, 0x06]),
  },
  { mime: 'application/gzip', exts: ['gz', 'tgz'], test: (b) => at(b, 0, [0x1f, 0x8b]) },
  { mime: 'application/x-7z-compressed', exts: ['7z'], test: (b) => at(b, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) },
  { mime: 'application/vnd.rar', exts: ['rar'], test: (b) => at(b, 0, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]) },
  { mime: 'application/x-msdownload', exts: ['exe', 'dll', 'scr', 'sys'], test: (b) => at(b, 0, 'MZ') },
  { mime: 'application/x-executable', exts: ['elf', 'so'], test: (b) => at(b, 0, [0x7f, 0x45, 0x4c, 0x46]) },
  {
    mime: 'application/x-ole-storage',
    exts: ['doc', 'xls', 'ppt', 'msi', 'msg'],
    test: (b) => at(b, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
  {
    mime: 'image/heic',
    exts: ['heic', 'heif'],
    test: (b) => ['heic', 'heix', 'mif1', 'msf1'].includes(brand(b) ?? ''),
  },
  { mime: 'image/avif', exts: ['avif'], test: (b) => brand(b) === 'avif' },
  { mime: 'video/quicktime', exts: ['mov', 'qt'], test: (b) => brand(b) === 'qt  ' },
  { mime: 'audio/mp4', exts: ['m4a', 'm4b'], test: (b) => brand(b) === 'M4A ' },
  { mime: 'video/mp4', exts: ['mp4', 'm4v', 'mov', '3gp', 'm4a'], test: (b) => brand(b) !== null },
  { mime: 'video/webm', exts: ['webm', 'mkv', 'mka', 'mk3d'], test: (b) => at(b, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
  {
    mime: 'audio/mpeg',
    exts: ['mp3'],
    test: (b) => at(b, 0, 'ID3') || (b.length > 1 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
  { mime: 'audio/ogg', exts: ['ogg', 'oga', 'ogv', 'opus'], test: (b) => at(b, 0, 'OggS') },
  { mime: 'audio/flac', exts: ['flac'], test: (b) => at(b, 0, 'fLaC') },
  {
    mime: 'application/vnd.sqlite3',
    exts: ['sqlite', 'sqlite3', 'db'],
    test: (b) => at(b, 0, 'SQLite format 3\u0000'),
  },
];

/** Extensions whose files always begin with a signature above. */
const signedExtensions = new Set(signatures.flatMap((s) => s.exts).filter((ext) => ext !== 'db'));

export function parseAllowedTypes(stored: string | null): string[] | null {
  if (stored === null) return null;
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : null;
}

/** One allowed-type entry, normalised: extensions lower case with their dot, MIME types lower case. */
export function normaliseAllowedType(entry: string): string {
  return entry.trim().toLowerCase();
}

function matches(entry: string, ext: string, mime: string): boolean {
  if (entry.startsWith('.')) return entry.slice(1) === ext;
  if (entry.endsWith('/*')) return mime.startsWith(entry.slice(0, -1));
  return entry === mime;
}

/** The name's own check: its extension or the type it implies is allowed. */
export function nameAllowed(allowed: readonly string[] | null, filename: string): boolean {
  if (allowed === null || allowed.length === 0) return true;
  const ext = fileExtension(filename);
  const mime = resolveMimeType(filename, undefined);
  return allowed.some((entry) => matches(entry, ext, mime));
}

export function sniff(head: Buffer): Signature | undefined {
  return signatures.find((signature) => signature.test(head));
}

/**
 * The content's check: a recognised signature must be allowed (directly, or as the name's
 * extension when the name belongs to that signature, like .docx inside a zip); unrecognised
 * content may not wear the extension of a type that has a signature.
 */
export function contentAllowed(allowed: readonly string[] | null, filename: string, head: Buffer): boolean {
  if (allowed === null || allowed.length === 0) return true;
  const ext = fileExtension(filename);
  const found = sniff(head);
  // A name whose type has a signature must carry it: a PDF named .jpg is refused, as is text named .pdf.
  if (signedExtensions.has(ext) && found?.exts.includes(ext) !== true) return false;
  if (found === undefined) return nameAllowed(allowed, filename);
  if (found.exts.includes(ext) && nameAllowed(allowed, filename)) return true;
  return allowed.some((entry) => found.exts.some((e) => matches(entry, e, found.mime)));
}
