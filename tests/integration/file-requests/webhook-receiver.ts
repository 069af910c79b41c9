// A webhook receiver on loopback (127.0.0.2, which the servers under test reach only because
// their URL_FETCH_ALLOW names it): it records every POST and answers 503 while `failuresLeft` is
// above zero, 204 after, optionally after a pause, so a test can hold an attempt in flight.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export type Received = { headers: IncomingHttpHeaders; body: string; status: number };

export type Receiver = {
  url: string;
  received: Received[];
  failuresLeft: number;
  /** How long each answer waits. */
  delayMs: number;
  close(): Promise<void>;
};

export const RECEIVER_HOST = '127.0.0.2';

export async function startReceiver(): Promise<Receiver> {
  const state = { failuresLeft: 0, delayMs: 0 };
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = state.failuresLeft > 0 ? 503 : 204;
      state.failuresLeft -= 1;
      setTimeout(() => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
        response.statusCode = status;
        response.end();
      }, state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, RECEIVER_HOST, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the receiver has no port');
  return {
    url: `http://${RECEIVER_HOST}:${address.port}/hook`,
    received,
    get failuresLeft() {
      return state.failuresLeft;
    },
    set failuresLeft(value: number) {
      state.failuresLeft = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver computes to check a delivery came from the server holding the request's key. */
export function expectedSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
