// A small HTTP server that plays the remote side of URL uploads: files with and without CORS,
// named by Content-Disposition, HEAD refused, redirects (one to a refused address, chains), bodies
// larger than announced or unannounced, and answers too slow for the fetch time limit.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UrlFixture = {
  /** `http://<host>:<port>` */
  origin: string;
  port: number;
  /** Requests seen, by path (no query). */
  hits: Map<string, number>;
  /** Every request: method, path and who sent it (a browser, or the server's fetcher). */
  requests: { method: string; path: string; userAgent: string }[];
  /** Deterministic bytes served under /bytes/<n>. */
  bytes(size: number): Buffer;
  close(): Promise<void>;
};

export type UrlFixtureOptions = {
  /** Loopback address to listen on; 127.0.0.2 keeps it apart from the app on 127.0.0.1/localhost. */
  host?: string;
  /** Where /redirect-refused sends the client. */
  refusedTarget?: string;
};

export function fixtureBytes(size: number, seed = 5): Buffer {
  const out = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = x >>> 16;
  }
  return out;
}

const cors = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'content-length, content-disposition',
};

function sendBytes(req: IncomingMessage, res: ServerResponse, body: Buffer, headers: Record<string, string>): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(body.length), ...headers });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Paths: /cors/<n>/<name>, /plain/<n>/<name>, /named/<n>, /no-head/<n>, /status/<code>, /redirect/<hops>/<n>,
 *  /redirect-refused, /chunked/<n>, /truncated/<n> (announces n, sends n/2), /trickle/<n> (CORS, slow), /slow-headers, /slow-body/<n>. */
export async function startUrlFixture(options: UrlFixtureOptions = {}): Promise<UrlFixture> {
  const host = options.host ?? '127.0.0.2';
  const hits = new Map<string, number>();
  const requests: UrlFixture['requests'] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    requests.push({ method: req.method ?? 'GET', path, userAgent: req.headers['user-agent'] ?? '' });
    const parts = path.split('/').filter((part) => part !== '');
    const size = Number(parts[1] ?? 0);
    switch (parts[0]) {
      case 'cors':
        if (req.method === 'OPTIONS') {
          res
            .writeHead(204, {
              ...cors,
              'access-control-allow-headers': '*',
              'access-control-allow-methods': 'GET, HEAD',
            })
            .end();
          return;
        }
        return sendBytes(req, res, fixtureBytes(size), cors);
      case 'plain':
        return sendBytes(req, res, fixtureBytes(size), {});
      case 'named':
        return sendBytes(req, res, fixtureBytes(size), {
          'content-disposition': 'attachment; filename="report 2030.pdf"',
          'content-type': 'application/pdf',
        });
      case 'no-head': {
        if (req.method === 'HEAD') {
          res.writeHead(405).end();
          return;
        }
        const body = fixtureBytes(size);
        if (req.headers.range === 'bytes=0-0') {
          res
            .writeHead(206, {
              'content-range': `bytes 0-0/${size}`,
              'content-length': '1',
              'content-type': 'text/plain',
            })
            .end(body.subarray(0, 1));
          return;
        }
        return sendBytes(req, res, body, {});
      }
      case 'status':
        res.writeHead(size).end();
        return;
      case 'redirect': {
        const hops = Number(parts[1] ?? 0);
        const target =
          hops <= 1 ? `/plain/${parts[2] ?? '10'}/after-redirect.bin` : `/redirect/${hops - 1}/${parts[2] ?? '10'}`;
        res.writeHead(302, { location: target }).end();
        return;
      }
      case 'redirect-refused':
        res.writeHead(302, { location: options.refusedTarget ?? 'http://127.0.0.1/' }).end();
        return;
      case 'chunked': {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(req.method === 'HEAD' ? undefined : fixtureBytes(size));
        return;
      }
      case 'truncated': {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        // Announces `size` bytes, sends half of them, then drops the connection.
        res.write(fixtureBytes(Math.floor(size / 2)), () => res.destroy());
        return;
      }
      case 'trickle': {
        // With CORS, 64 KiB every 200 ms: a download slow enough to cancel midway.
        res.writeHead(200, { ...cors, 'content-type': 'application/octet-stream', 'content-length': String(size) });
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        const body = fixtureBytes(size);
        let sent = 0;
        const timer = setInterval(() => {
          if (res.destroyed) return clearInterval(timer);
          const next = body.subarray(sent, sent + 64 * 1024);
          sent += next.length;
          if (sent >= size) {
            clearInterval(timer);
            res.end(next);
          } else res.write(next);
        }, 200);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case 'slow-headers':
        // Never answers; the client's deadline must end it.
        return;
      case 'slow-body': {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        res.write(fixtureBytes(1));
        return;
      }
      default:
        res.writeHead(404).end();
    }
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    port,
    hits,
    requests,
    bytes: (n) => fixtureBytes(n),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
