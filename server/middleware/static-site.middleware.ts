// Serves the built web app from the API's origin. Hashed /assets are cached for a year; every
// other file and the index.html fallback for client-side routes must be revalidated.
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

export function staticSite(dir: string): MiddlewareHandler<AppEnv> {
  const root = resolve(dir);
  const indexFile = join(root, 'index.html');
  return async (c, next) => {
    const path = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || path === '/api' || path.startsWith('/api/')) return next();
    const isAsset = path.startsWith('/assets/');
    const file = await findFile(root, path);
    if (file !== undefined) return fileResponse(file, isAsset ? immutable : revalidate);
    if (isAsset) return next();
    return (await isFile(indexFile)) ? fileResponse(indexFile, revalidate) : next();
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

async function fileResponse(file: string, cacheControl: string): Promise<Response> {
  const body = await readFile(file);
  return new Response(body, {
    headers: {
      'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': String(body.byteLength),
      'cache-control': cacheControl,
      'x-content-type-options': 'nosniff',
    },
  });
}
