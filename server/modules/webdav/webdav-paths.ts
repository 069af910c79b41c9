// Between WebDAV URLs and explorer paths. A request's path stays percent-encoded until the fs
// service decodes it once (the one path rule), so `/dav/a%20b` and the explorer's `/a b` are the
// same file. Answers name resources by href: `/dav` plus each segment encoded again.
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { parseFsPath } from '@server/lib/fs-path';

export const DAV_ROOT = '/dav';

/** The encoded explorer path of a `/dav…` URL path (`/` for `/dav` itself). */
export function rawPathOf(urlPath: string): string {
  const rest = urlPath.slice(DAV_ROOT.length);
  return rest === '' ? '/' : rest;
}

/** The canonical explorer path of a raw one (one decode, `.`/`..` resolved). */
export function canonicalOf(raw: string): string {
  return parseFsPath(raw).path;
}

/** A canonical path encoded for the fs services (which decode it once) and for URLs. */
export function encodePath(canonical: string): string {
  return canonical
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

export function hrefOf(canonical: string, collection: boolean): string {
  if (canonical === '/') return `${DAV_ROOT}/`;
  return `${DAV_ROOT}${encodePath(canonical)}${collection ? '/' : ''}`;
}

/**
 * The canonical path a Destination header (or a tagged `If` resource) names: an absolute URL or an
 * absolute path under `/dav`. The host is not compared: behind a reverse proxy the client's host
 * is not the one this process sees; a path outside `/dav` is another server's (502).
 */
export function pathOfUrl(value: string, requestUrl: string): string {
  const path = davPathOf(value, requestUrl, 'the Destination');
  if (path === null) throw new AppError(ErrorCode.BadGateway, 'the Destination is outside /dav');
  return path;
}

/**
 * The canonical path a URL names under `/dav`, or null when it names a resource elsewhere (an `If`
 * header's tagged list about such a resource does not hold: RFC 4918 §10.4, 412 when none does).
 */
export function davPathOf(value: string, requestUrl: string, what = 'the If header'): string | null {
  let url: URL;
  try {
    url = new URL(value, requestUrl);
  } catch {
    throw new AppError(ErrorCode.BadRequest, `${what} is not a valid URL`);
  }
  if (url.pathname !== DAV_ROOT && !url.pathname.startsWith(`${DAV_ROOT}/`)) return null;
  return canonicalOf(rawPathOf(url.pathname));
}
