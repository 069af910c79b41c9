// Serves the built web app from the API's origin. Hashed /assets are cached for a year; every
// other file and the index.html fallback for client-side routes must be revalidated. Pages carry
// a strict Content-Security-Policy (scripts from this origin only, plus the hash of the inline
// theme script) and may not be framed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

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
 * so images, media, frames and connections may go to http(s) origins; scripts never.
 */
export function pagePolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self' http: https:",
    "frame-src 'self' blob: http: https:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function staticSite(dir: string): MiddlewareHandler<AppEnv> {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  const pageHeaders = { 'content-security-policy': pagePolicy(inlineScriptHashes(indexFile)), 'x-frame-options': 'DENY', 'referrer-policy': 'same-origin' };
  return async (c, next) => {
    const path = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || path === '/api' || path.startsWith('/api/')) return next();
    const isAsset = path.startsWith('/assets/');
    const file = await findFile(root, path);
    if (file !== undefined) return fileResponse(file, isAsset ? immutable : revalidate, file.endsWith('.html') ? pageHeaders : {});
    if (isAsset) return next();
    return (await isFile(indexFile)) ? fileResponse(indexFile, revalidate, pageHeaders) : next();
  };
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

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function fileResponse(file: string, cacheControl: string, extra: Record<string, string>): Promise<Response> {
  const body = await readFile(file);
  return new Response(body, {
    headers: {
      'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': String(body.byteLength),
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
      ...extra,
    },
  });
}
