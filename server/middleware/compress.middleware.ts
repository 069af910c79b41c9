// Compresses JSON and text answers on /api when the client accepts it and the body is over about
// 1 KB, with cheap settings (brotli quality 4, gzip level 5): a few hundred microseconds for a
// 1 MB paste, several times smaller on the wire. Stored bytes are never touched: downloads, blobs
// and anything served by byte range stream as they are, so ranges and lengths stay true.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '@server/app-env';
import { chooseEncoding, isCompressibleType, varyOnEncoding, type Encoding } from '@server/lib/content-encoding';

/** Below this a compressed body saves less than its headers and the work cost. */
export const MIN_COMPRESSED_BYTES = 1024;
/** Bigger answers are compressed off the event loop, on libuv's thread pool. */
const SYNC_LIMIT_BYTES = 64 * 1024;
/** No JSON or text answer of ours comes near this; above it the body is left alone. */
const MAX_COMPRESSED_BYTES = 16 * 1024 * 1024;

const brotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const gzipOptions = { level: 5 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const small = body.byteLength <= SYNC_LIMIT_BYTES;
  if (encoding === 'br') return small ? brotliCompressSync(body, brotliOptions) : brotliAsync(body, brotliOptions);
  return small ? gzipSync(body, gzipOptions) : gzipAsync(body, gzipOptions);
}

/**
 * Whether this answer may be compressed at all, judged on its status and headers; the body is
 * looked at last, since that turns a light response into a full Web Response.
 */
function compressible(response: Response, method: string): boolean {
  if (method === 'HEAD') return false;
  if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304)
    return false;
  const headers = response.headers;
  if (headers.has('content-encoding') || headers.has('content-range') || headers.has('accept-ranges')) return false;
  if (!isCompressibleType(headers.get('content-type'))) return false;
  // A declared length tells whether there is a body without touching it.
  const declared = headers.get('content-length');
  return declared === null ? response.body !== null : Number(declared) > 0;
}

/**
 * `streamed` lists path prefixes whose answers are stored bytes, streamed (file views and
 * downloads, local blobs); they are passed through untouched whatever their type.
 */
export function compressAnswers(streamed: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const accept = c.req.header('accept-encoding');
    // Clients that send no Accept-Encoding (curl, scripts, load generators) cost one header read.
    if (accept === undefined || streamed.some((prefix) => c.req.path.startsWith(prefix))) return;
    const response = c.res;
    if (!compressible(response, c.req.method)) return;
    response.headers.set('vary', varyOnEncoding(response.headers.get('vary')));
    const encoding = chooseEncoding(accept);
    const declared = response.headers.get('content-length');
    const length = declared === null ? undefined : Number(declared);
    if (
      encoding === undefined ||
      (length !== undefined && (length < MIN_COMPRESSED_BYTES || length > MAX_COMPRESSED_BYTES))
    )
      return;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let sent: Uint8Array<ArrayBuffer> = body;
    if (body.byteLength >= MIN_COMPRESSED_BYTES && body.byteLength <= MAX_COMPRESSED_BYTES) {
      const compressed = await compress(body, encoding);
      sent = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
      headers.set('content-encoding', encoding);
      headers.set('content-length', String(sent.byteLength));
    }
    // Cleared first: assigning over a response makes Hono copy the old one's headers onto the new.
    c.res = undefined;
    c.res = new Response(sent, { status: response.status, statusText: response.statusText, headers });
  };
}
