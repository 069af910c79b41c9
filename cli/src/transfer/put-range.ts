// One PUT of a byte range of a file straight from disk: node:http with an exact Content-Length
// (presigned links are signed for it), the range read into two reused 1 MiB buffers, one
// filling while the other is written, each reused once the socket has taken it. So a part never
// sits in memory whole and memory does not wait on the garbage collector: a stream of fresh 1 MiB
// buffers cost twice the CPU and left the sockets idle while it ran (see bench/RESULTS.md).
// The reads are synchronous: a read from the page cache takes well under a millisecond, and an
// asynchronous one costs a hop through libuv's thread pool each, about a fifth more CPU per GiB
// on a machine where every CPU-second the client takes is one the storage gateway waits for.
import { readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';

export type RangePut = {
  url: string;
  path: string;
  /** [start, end) of the file. */
  start: number;
  end: number;
  headers?: Record<string, string>;
  signal: AbortSignal;
  timeoutMs: number;
  onSent?: (bytes: number) => void;
};

export type RangePutResponse = { status: number; etag: string | null; body: string };

const CHUNK_BYTES = 1024 * 1024;
const KEPT_BODY_CHARS = 2048;

/** Resolves once the socket has taken the chunk, so its buffer may be refilled. */
function written(outgoing: http.ClientRequest, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    outgoing.write(chunk, (error) => (error ? reject(error) : resolve()));
  });
}

async function sendBody(outgoing: http.ClientRequest, request: RangePut): Promise<void> {
  // A request torn down mid-body may never call back its pending writes: stop waiting then.
  const closed = new Promise<never>((_, reject) =>
    outgoing.once('close', () => reject(new Error('the request closed before its body was sent'))),
  );
  closed.catch(() => undefined);
  const file = await open(request.path, 'r');
  try {
    const buffers = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
    const flushed: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
    for (let position = request.start, turn = 0; position < request.end; turn += 1) {
      const slot = turn % 2;
      const buffer = buffers[slot];
      if (buffer === undefined) return;
      await Promise.race([flushed[slot], closed]);
      const bytesRead = readSync(file.fd, buffer, 0, Math.min(CHUNK_BYTES, request.end - position), position);
      if (bytesRead === 0) throw new Error(`${request.path} ended before byte ${request.end}: it changed while sent`);
      flushed[slot] = written(outgoing, buffer.subarray(0, bytesRead));
      position += bytesRead;
      request.onSent?.(position - request.start);
    }
    await Promise.race([Promise.all(flushed), closed]);
    outgoing.end();
  } finally {
    await file.close();
  }
}

/** node:https (and TLS with it) only for https links: every command starts faster without it. */
async function clientFor(target: URL): Promise<Pick<typeof http, 'request'>> {
  return target.protocol === 'https:' ? (await import('node:https')).default : http;
}

export async function putRange(request: RangePut): Promise<RangePutResponse> {
  const target = new URL(request.url);
  const client = await clientFor(target);
  const length = request.end - request.start;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(target, {
      method: 'PUT',
      headers: { ...request.headers, 'content-length': String(length) },
      signal: request.signal,
    });
    outgoing.setTimeout(request.timeoutMs, () =>
      outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        if (body.length < KEPT_BODY_CHARS) body += text.slice(0, KEPT_BODY_CHARS - body.length);
      });
      response.on('error', reject);
      response.on('end', () => {
        const etag = response.headers.etag;
        resolve({
          status: response.statusCode ?? 0,
          etag: typeof etag === 'string' && etag !== '' ? etag : null,
          body,
        });
      });
    });
    if (length === 0) outgoing.end();
    // A failed read destroys the request, whose 'error' then rejects.
    else
      sendBody(outgoing, request).catch((error: unknown) =>
        outgoing.destroy(error instanceof Error ? error : undefined),
      );
  });
}
