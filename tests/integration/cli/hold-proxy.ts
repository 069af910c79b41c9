// An HTTP proxy that forwards every request unchanged (Host header included, so signed requests
// stay valid) and, when told to, holds part uploads after a number of them went through: it never
// answers them, as a connection that stalled would. The tests put it between the CLI and wherever
// the part links point (the server for the local driver, radosgw for S3) to stop an upload halfway.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type HoldProxy = {
  url: string;
  /** Part uploads forwarded so far. */
  forwardedParts(): number;
  /** Lets `parts` more part uploads through, then holds the next; resolves once one is held. */
  holdAfter(parts: number): Promise<void>;
  /** Lets every part through from now on. */
  release(): void;
  close(): Promise<void>;
};

function isPartUpload(request: http.IncomingMessage): boolean {
  if (request.method !== 'PUT') return false;
  const query = new URL(request.url ?? '/', 'http://proxy').searchParams;
  // S3 UploadPart links carry partNumber; the local driver's signed links carry n.
  return query.has('partNumber') || query.has('n');
}

export async function startHoldProxy(target: string): Promise<HoldProxy> {
  const upstream = new URL(target);
  let limit = Number.POSITIVE_INFINITY;
  let forwarded = 0;
  let notify: (() => void) | undefined;
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    if (isPartUpload(request)) {
      if (forwarded >= limit) {
        notify?.();
        return;
      }
      forwarded += 1;
    }
    const outgoing = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    request.pipe(outgoing);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwardedParts: () => forwarded,
    holdAfter: (parts) => {
      limit = forwarded + parts;
      return new Promise<void>((resolve) => {
        notify = resolve;
      });
    },
    release: () => {
      limit = Number.POSITIVE_INFINITY;
      notify = undefined;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
