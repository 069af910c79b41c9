// The one path rule for API-key scoping, shared by server and client. Paths are compared only
// after normalising (one percent-decode, `.`/`..`/`//` resolved), and always by whole segments.

/** Encoded separators or NUL would let a segment smuggle a second path; they are never valid. */
const forbiddenEncoded = /%(2f|5c|00)/i;

/**
 * The canonical form of an absolute path, or `null` when it is invalid: not absolute, badly
 * percent-encoded, containing `\`, NUL or an encoded slash, or climbing above the root.
 */
export function normalizePath(path: string): string | null {
  if (!path.startsWith('/') || forbiddenEncoded.test(path)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return null;
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.pop() === undefined) return null;
      continue;
    }
    segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** True when `path` is `base` itself or lies below it. */
function coversNormalized(base: string, path: string): boolean {
  return base === '/' || path === base || path.startsWith(`${base}/`);
}

/** Whether a key limited to `basePath` may act on `path`: the base itself or anything below it. */
export function isPathAllowed(basePath: string, path: string): boolean {
  const base = normalizePath(basePath);
  const target = normalizePath(path);
  return base !== null && target !== null && coversNormalized(base, target);
}

/** Whether `path` lies strictly above `basePath`, so a key may walk through it towards its base. */
export function isAncestorOf(path: string, basePath: string): boolean {
  const ancestor = normalizePath(path);
  const base = normalizePath(basePath);
  return ancestor !== null && base !== null && ancestor !== base && coversNormalized(ancestor, base);
}

/** Allowed paths plus their ancestors: what a key limited to `basePath` may see while navigating. */
export function isPathVisible(basePath: string, path: string): boolean {
  return isPathAllowed(basePath, path) || isAncestorOf(path, basePath);
}
