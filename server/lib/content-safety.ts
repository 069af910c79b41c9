// User files must never run as active content on Clipdock's origin: HTML, SVG, XML and script
// types are downgraded to text/plain attachments, and every served file gets nosniff + sandbox.
import { fileExtension } from '@shared/mimetype';

const activeTypes = [/html/, /svg/, /xml/, /javascript/, /ecmascript/, /^text\/x-/, /^application\/x-sh/];
const activeExtensions = new Set(['html', 'htm', 'xhtml', 'shtml', 'svg', 'svgz', 'xml', 'xsl', 'xslt', 'js', 'mjs']);

export function isActiveContent(mimetype: string, filename: string): boolean {
  const type = mimetype.toLowerCase();
  return activeTypes.some((pattern) => pattern.test(type)) || activeExtensions.has(fileExtension(filename));
}

export type ServeHeaders = { contentType: string; contentDisposition: string };

/** What a download (attachment) or view (inline when safe) should declare. */
export function serveHeaders(mimetype: string, filename: string, mode: 'view' | 'download'): ServeHeaders {
  const active = isActiveContent(mimetype, filename);
  const inline = mode === 'view' && !active;
  return {
    contentType: active ? 'text/plain; charset=utf-8' : mimetype,
    contentDisposition: contentDisposition(inline ? 'inline' : 'attachment', filename),
  };
}

export const safetyHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
} as const;

/** RFC 6266 disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
