// Which content coding an answer goes out in. Browsers send `Accept-Encoding: gzip, deflate, br,
// zstd`; q-values may refuse one (`br;q=0`) or rank them. Brotli wins a tie: it is smaller.
export const encodings = ['br', 'gzip'] as const;
export type Encoding = (typeof encodings)[number];

/** Each coding's q-value from an Accept-Encoding header; `*` stands for any coding not named. */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    // A malformed q-value counts as a refusal rather than a full yes.
    const q = params.map((p) => /^\s*q\s*=\s*(.*?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : /^[0-9.]+$/.test(q) ? Number(q) : 0;
    found.set(name.trim(), Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  return found;
}

/**
 * The best of `available` the client accepts, or undefined for the identity coding. With no
 * header at all the client takes anything, but an identity answer is what such clients (curl,
 * scripts, load generators) expect, so none is chosen.
 */
export function chooseEncoding(
  header: string | undefined,
  available: readonly Encoding[] = encodings,
): Encoding | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const q = qualities(header);
  const wildcard = q.get('*') ?? 0;
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of encodings) {
    if (!available.includes(encoding)) continue;
    const value = q.get(encoding) ?? (encoding === 'gzip' ? (q.get('x-gzip') ?? wildcard) : wildcard);
    if (value > bestQ) {
      best = encoding;
      bestQ = value;
    }
  }
  return best;
}

/** Text-like media types that shrink when compressed; images, media, archives and fonts don't. */
export function isCompressibleType(contentType: string | undefined | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'image/x-icon' ||
    type === 'application/wasm'
  );
}

/** Adds `Accept-Encoding` to a Vary header value, keeping what is there. */
export function varyOnEncoding(current: string | null): string {
  if (current === null || current.trim() === '') return 'Accept-Encoding';
  const names = current.split(',').map((name) => name.trim().toLowerCase());
  return names.includes('accept-encoding') || names.includes('*') ? current : `${current}, Accept-Encoding`;
}
