// Which preview a file gets, from its mimetype first and its extension second (uploads often
// arrive as application/octet-stream). Used by the share page, the explorer and the server's text
// preview (server/modules/files/file-preview.service.ts).
import { fileExtension, isMarkdownName, MARKDOWN_MIMETYPE } from '@shared/mimetype';

export const previewKinds = ['image', 'video', 'audio', 'pdf', 'markdown', 'code', 'text', 'office', 'none'] as const;
export type PreviewKind = (typeof previewKinds)[number];

const officeExtensions = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf']);
const imageExtensions = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'svg', 'ico']);
const videoExtensions = new Set(['mp4', 'webm', 'ogv', 'mov', 'm4v']);
const audioExtensions = new Set(['mp3', 'wav', 'ogg', 'oga', 'flac', 'm4a', 'aac', 'opus']);
const codeExtensions = new Set([
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'py',
  'json',
  'css',
  'html',
  'htm',
  'xml',
  'sh',
  'bash',
  'yml',
  'yaml',
  'go',
  'rs',
  'java',
  'c',
  'h',
  'cpp',
  'hpp',
  'cc',
  'sql',
  'ini',
  'toml',
  'diff',
  'patch',
  'php',
  'rb',
  'kt',
  'swift',
  'cs',
]);
const textExtensions = new Set(['txt', 'log', 'csv', 'tsv', 'conf', 'cfg', 'env']);
const officeMimetypes = [
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.',
  'application/vnd.oasis.opendocument.',
  'application/rtf',
];
const textMimetypes = [
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-sh',
  'application/yaml',
  'application/toml',
];

export function previewKind(mimetype: string, filename: string): PreviewKind {
  const type = mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  const ext = fileExtension(filename);
  if (type === MARKDOWN_MIMETYPE || isMarkdownName(filename)) return 'markdown';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (type.startsWith('image/') || imageExtensions.has(ext)) return 'image';
  if (type.startsWith('video/') || videoExtensions.has(ext)) return 'video';
  if (type.startsWith('audio/') || audioExtensions.has(ext)) return 'audio';
  if (officeMimetypes.some((prefix) => type.startsWith(prefix)) || officeExtensions.has(ext)) return 'office';
  if (codeExtensions.has(ext)) return 'code';
  if (type.startsWith('text/') || textMimetypes.includes(type) || textExtensions.has(ext)) return 'text';
  return 'none';
}

const textKinds: ReadonlySet<PreviewKind> = new Set(['markdown', 'code', 'text']);

/** Whether a kind is previewed as text the server renders (GET /file-preview/:slug). */
export function hasTextPreview(kind: PreviewKind): boolean {
  return textKinds.has(kind);
}
