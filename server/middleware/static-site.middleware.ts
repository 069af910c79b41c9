// Serves the built web app from the API's origin. Hashed /assets are cached for a year; every
// other file and the index.html fallback for client-side routes must be revalidated, and carries
// an ETag for it (a 304 when nothing changed). Pages carry
// a strict Content-Security-Policy (scripts from this origin only, plus the hash of the inline
// theme script) and may not be framed. Text files go out as the brotli or gzip copy the build
// made beside them (server/lib/precompress.ts) when the browser accepts it, never compressed here.
// Answers are kept in memory (answer-cache below): hashed assets for good, other files for a second.
// A client-side route answers with index.html, or with the build's copy of it made for that route
// (server/lib/route-pages.ts), which preloads what the route's screen shows first. A page with a
// head of its own (a share's link-preview tags, from `pageHead`) is composed for each request,
// compressed here, and marked noindex.
import { createHash, hash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';
import { chooseEncoding, encodings, type Encoding } from '@server/lib/content-encoding';
import { precompressedExtensions, variantSuffix } from '@server/lib/precompress';
import { routePagesTableFile, routePagesTableSchema } from '@server/lib/route-pages';
import { staticFileType } from '@server/lib/mime';
import { TtlCache } from '@server/lib/cache/ttl-cache';
import { systemClock } from '@server/lib/clock';
import { composePage } from './page-template';

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

/** Hashes of the inline scripts of index.html, so only they run besides this origin's files. */
function inlineScriptHashes(indexFile: string): string[] {
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/**
 * Previews, downloads and uploads talk to storage on any origin (presigned URLs, office viewers),
 * so images, media, frames and connections may go to http(s) origins; scripts never. Previews of
 * end-to-end encrypted files read the opened file from a blob: URL.
 */
export function pagePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self' blob: http: https:",
    "frame-src 'self' blob: http: https:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The route pages the build made: a path pattern and the page's file, tried in order. */
function routePagesOf(root: string): { pattern: RegExp; file: string }[] {
  const table = join(root, routePagesTableFile);
  if (!existsSync(table)) return [];
  return routePagesTableSchema
    .parse(JSON.parse(readFileSync(table, 'utf8')))
    .map(({ path, file }) => ({ pattern: new RegExp(path), file: join(root, file) }));
}

type Answer = { body: Buffer<ArrayBuffer>; headers: Record<string, string> };

/** Files up to this size are kept; the whole cache stays under the byte bound. */
const KEPT_FILE_BYTES = 512 * 1024;
const KEPT_TOTAL_BYTES = 24 * 1024 * 1024;
/** A count bound well above what the byte bound lets in (every client route keeps its own page). */
const KEPT_ENTRIES = 20_000;
/** Other files may change under a running server (a rebuild): looked at again after this. */
const RECHECK_MS = 1000;

/**
 * The answers to recent (path, Accept-Encoding) pairs. A hashed /assets file never changes under
 * its name; anything else is kept for a second. Oldest entries go first past the byte bound (the
 * cache is only peeked, so the order is the order they were kept in).
 */
function answerCache(): TtlCache<Answer> {
  return new TtlCache<Answer>(systemClock, {
    maxEntries: KEPT_ENTRIES,
    defaultTtlMs: RECHECK_MS,
    maxSize: KEPT_TOTAL_BYTES,
    sizeOf: (answer) => answer.body.byteLength,
  });
}

/** A page's own title and head tags; `title` and `tags` are HTML, already escaped. */
export type PageHead = { title: string; tags: string; body?: PageBody };
/**
 * What the server rendered of a share page (server/modules/share-page): `html`, the content placed
 * in index.html's frame below its header; `data`, JSON (safe inside a script element) the app
 * takes over from; `lang`, the page's language.
 */
export type PageBody = {
  html: string;
  data: string;
  lang: string;
  /**
   * The page is drawn anew for each request (a paste's view count, a file's per-visit links): no
   * two answers are alike, so no validator could ever match and none is computed.
   */
  perRequest?: boolean;
};
export type PageHeadSource = (
  path: string,
  acceptLanguage: string | undefined,
  origin: string,
  cookie?: string,
  /** Whether the page's content is wanted too: not for a HEAD, which must read no share. */
  withBody?: boolean,
) => Promise<PageHead | undefined>;

export function staticSite(dir: string, pageHead?: PageHeadSource): MiddlewareHandler<AppEnv> {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  const pageHeaders = {
    'content-security-policy': pagePolicy(inlineScriptHashes(indexFile)),
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  };
  const routePages = routePagesOf(root);
  const answers = answerCache();
  return async (c, next) => {
    const path = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || path === '/api' || path.startsWith('/api/'))
      return next();
    const accepted = c.req.header('accept-encoding');
    const key = `${path}\0${accepted ?? ''}`;
    const kept = answers.peek(key);
    const respond = (found: Answer) =>
      notModified(found, c.req.header('if-none-match')) ?? new Response(found.body, { headers: found.headers });
    if (kept !== undefined) return respond(kept);
    const isAsset = path.startsWith('/assets/');
    const answer = async (file: string, cacheControl: string, extra: Record<string, string>) => {
      const found = await fileAnswer(file, accepted, cacheControl, extra);
      if (found.body.byteLength <= KEPT_FILE_BYTES)
        answers.set(key, found, { ttlMs: isAsset ? Number.POSITIVE_INFINITY : RECHECK_MS });
      return respond(found);
    };
    const file = await findFile(root, path);
    if (file !== undefined)
      return answer(file, isAsset ? immutable : revalidate, file.endsWith('.html') ? pageHeaders : {});
    // A missing asset, or a missing file at the top level such as /robots.txt or /apple-touch-icon.png,
    // is a 404: answering with the app's HTML would hand a crawler or a browser a page it did not ask for.
    if (isAsset || isTopLevelFileName(path)) return next();
    const page = routePages.find(({ pattern }) => pattern.test(path))?.file ?? indexFile;
    if (!(await isFile(page))) return next();
    const head = await pageHead?.(
      path,
      c.req.header('accept-language'),
      new URL(c.req.url).origin,
      c.req.header('cookie'),
      c.req.method === 'GET',
    );
    if (head !== undefined) return respond(await pageWithHead(page, head, accepted, pageHeaders));
    return answer(page, revalidate, pageHeaders);
  };
}

/** `/robots.txt`, `/favicon.ico`: one segment with an extension. No app route looks like that. */
function isTopLevelFileName(path: string): boolean {
  return /^\/[^/]+\.[a-z0-9]+$/i.test(path);
}

async function findFile(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const candidate = join(root, normalize(decoded));
  if (!candidate.startsWith(root + sep)) return undefined;
  return (await isFile(candidate)) ? candidate : undefined;
}

/**
 * Whether each path looked at lately is a file, for a second (a rebuild under a running server):
 * a page the server composes per request (a share page) would otherwise cost two stat calls each
 * time. Bounded: emptied when full (paths come from requests).
 */
const fileChecks = new Map<string, { found: Promise<boolean>; until: number }>();
const FILE_CHECKS_MAX = 2000;

function isFile(path: string): Promise<boolean> {
  const now = Date.now();
  const kept = fileChecks.get(path);
  if (kept !== undefined && kept.until > now) return kept.found;
  if (fileChecks.size >= FILE_CHECKS_MAX) fileChecks.clear();
  const found = stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
  fileChecks.set(path, { found, until: now + RECHECK_MS });
  return found;
}

/** The precompressed copies of `file` that exist on disk. */
async function variantsOf(file: string): Promise<Encoding[]> {
  const found = await Promise.all(
    encodings.map(async (encoding) => ((await isFile(file + variantSuffix[encoding])) ? encoding : undefined)),
  );
  return found.filter((encoding) => encoding !== undefined);
}

async function fileAnswer(
  file: string,
  acceptEncoding: string | undefined,
  cacheControl: string,
  extra: Record<string, string>,
): Promise<Answer> {
  const extension = extname(file).toLowerCase();
  const headers: Record<string, string> = {
    'content-type': staticFileType(extension),
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    ...extra,
  };
  let source = file;
  // The answer depends on Accept-Encoding for every file that may have copies, even when none
  // was chosen this time, so caches keep the versions apart.
  if (precompressedExtensions.has(extension)) {
    headers.vary = 'Accept-Encoding';
    const wanted = chooseEncoding(acceptEncoding);
    const encoding = wanted === undefined ? undefined : chooseEncoding(acceptEncoding, await variantsOf(file));
    if (encoding !== undefined) {
      source = file + variantSuffix[encoding];
      headers['content-encoding'] = encoding;
    }
  }
  const body = await readFile(source);
  headers['content-length'] = String(body.byteLength);
  // A file that must be revalidated carries a validator of the bytes sent (so each encoding has
  // its own): asking again with it costs a 304 and no body.
  if (cacheControl === revalidate)
    headers.etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, headers };
}

/**
 * The route pages' text, read again at most once a second (a rebuild under a running server); the
 * read itself is shared, so the requests that find it stale together read the file once.
 */
const pageTexts = new TtlCache<Promise<string>>(systemClock, { maxEntries: 64, defaultTtlMs: RECHECK_MS });

function pageText(page: string): Promise<string> {
  const kept = pageTexts.peek(page);
  if (kept !== undefined) return kept;
  const text = readFile(page, 'utf8');
  // A handful of files (index.html and the route pages), far under the bound.
  pageTexts.set(page, text);
  text.catch(() => pageTexts.delete(page));
  return text;
}

/** `page` with `head` in place of its title and description, compressed for this request. */
async function pageWithHead(
  page: string,
  head: PageHead,
  acceptEncoding: string | undefined,
  extra: Record<string, string>,
): Promise<Answer> {
  // The app's code stays preloaded from the head, downloading beside the HTML (at low priority,
  // page-template.ts): the page paints from its HTML and stylesheets whether or not it does
  // (modulepreloads block no paint), and the app takes it over sooner
  // (bench/lighthouse/preload-placement.ts, bench/RESULTS.md).
  const html = composePage(await pageText(page), head);
  const encoding = chooseEncoding(acceptEncoding);
  const plain = Buffer.from(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? gzipSync(plain, { level: 6 })
        : plain;
  const headers: Record<string, string> = {
    'content-type': staticFileType('.html'),
    'cache-control': revalidate,
    'x-content-type-options': 'nosniff',
    'x-robots-tag': 'noindex',
    vary: 'Accept-Encoding, Accept-Language, Cookie',
    ...extra,
    'content-length': String(body.byteLength),
  };
  if (head.body?.perRequest !== true) headers.etag = `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
  if (encoding !== undefined) headers['content-encoding'] = encoding;
  return { body, headers };
}

/** A 304 when the browser's copy is the one `found` would send, else undefined. */
function notModified(found: Answer, ifNoneMatch: string | undefined): Response | undefined {
  const etag = found.headers.etag;
  if (etag === undefined || ifNoneMatch === undefined) return undefined;
  const held = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (!held.includes(etag) && !held.includes('*')) return undefined;
  const kept = Object.entries(found.headers).filter(([name]) => !bodyHeaders.has(name));
  return new Response(null, { status: 304, headers: Object.fromEntries(kept) });
}

/** What describes a body, which a 304 has none of. */
const bodyHeaders = new Set(['content-length', 'content-encoding', 'content-type']);
