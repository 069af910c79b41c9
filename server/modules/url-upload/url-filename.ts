// The name a URL's file is saved under: Content-Disposition (filename*, then filename), else the
// URL's last path segment, else its host. Path separators and control characters never survive.
const MAX_NAME_LENGTH = 255;

function clean(name: string): string {
  const bare =
    name
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .split(/[/\\]/)
      .pop() ?? '';
  const trimmed = bare.trim().replace(/^\.+$/, '');
  return trimmed.slice(0, MAX_NAME_LENGTH);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** RFC 6266: `filename*=UTF-8''…` wins over `filename="…"`. */
export function filenameFromDisposition(header: string | undefined): string | null {
  if (header === undefined) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2] !== undefined) {
    const name = clean(decode(extended[2].trim().replace(/^"|"$/g, '')));
    if (name !== '') return name;
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  if (value === undefined) return null;
  const name = clean(value);
  return name === '' ? null : name;
}

export function filenameFromUrl(url: URL): string {
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const last = segments.at(-1);
  const name = last === undefined ? '' : clean(decode(last));
  return name !== '' ? name : clean(url.hostname.replace(/^\[|\]$/g, '').replace(/:/g, '-')) || 'download';
}

export function urlFilename(disposition: string | undefined, url: URL): string {
  return filenameFromDisposition(disposition) ?? filenameFromUrl(url);
}
