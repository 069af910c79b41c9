// One PUT of a byte range of a file straight from disk: node:http with the file streamed in 1 MiB
// reads, an exact Content-Length (presigned links are signed for it), never the whole part in
// memory. Counts the bytes handed to the socket for the progress bar.
import { createReadStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';

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

const READ_BYTES = 1024 * 1024;
const KEPT_BODY_CHARS = 2048;

export function putRange(request: RangePut): Promise<RangePutResponse> {
  const target = new URL(request.url);
  const client = target.protocol === 'https:' ? https : http;
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
    if (length === 0) {
      outgoing.end();
      return;
    }
    const source = createReadStream(request.path, {
      start: request.start,
      end: request.end - 1,
      highWaterMark: READ_BYTES,
    });
    let sent = 0;
    source.on('data', (chunk) => {
      sent += chunk.length;
      request.onSent?.(sent);
    });
    // Either side failing destroys both; the request's 'error' then rejects.
    pipeline(source, outgoing, () => undefined);
  });
}
