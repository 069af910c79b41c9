// Slow clients: a client that trickles its headers, or goes silent in the middle of its body, is
// cut (Node's defaults let it hold the connection for 60 s, then 300 s); an upload whose bytes keep
// coming goes through however long it takes in total. The limits are shortened for the test:
// headers within 1.5 s, no more than 2 s of silence, and the upload lasts several of each.
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlInfo } from '@shared/api/url-upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { presignResponseSchema } from '@shared/api/upload.schema';
import { urlInfoResponseSchema } from '@shared/api/url-upload.schema';
import { expectOk } from '@tests/integration/support/http';
import { presign, randomBytesOf, startHarness, type Harness } from './storage/storage-harness';

const limits = { headersTimeoutMs: 1_500, idleTimeoutMs: 2_000 };
/** How long a cut may take past its limit on a busy machine before the test calls it "never". */
const slack = 10_000;

/** Answers twice the idle time late: the server's own wait for it must not cut its client. */
const answerAfterMs = 2 * limits.idleTimeoutMs;

let h: Harness;
let lateSource: Server;
beforeAll(async () => {
  lateSource = createServer((_req, res) => {
    setTimeout(
      () => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5' }).end('late!'),
      answerAfterMs,
    );
  });
  await new Promise<void>((resolve) => lateSource.listen(0, '127.0.0.2', resolve));
  h = await startHarness('local', {
    connectionLimits: limits,
    env: { URL_FETCH_ALLOW: '127.0.0.2', URL_FETCH_TIMEOUT_SECONDS: '30' },
  });
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => lateSource.close(() => resolve()));
});

type Raw = { socket: Socket; received: () => string; closed: Promise<number> };

/** A bare TCP connection to the server; `closed` resolves with the time it lasted once the server closes it. */
async function rawConnection(): Promise<Raw> {
  const { hostname, port } = new URL(h.server.baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const opened = Date.now();
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  return { socket, received: () => text, closed };
}

/** Resolves with how long the connection lasted, or rejects when it outlives `limitMs` plus the slack. */
async function cutWithin(raw: Raw, limitMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const never = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the server kept the connection past ${limitMs + slack} ms`)),
      limitMs + slack,
    );
  });
  try {
    return await Promise.race([raw.closed, never]);
  } finally {
    clearTimeout(timer);
    raw.socket.destroy();
  }
}

/** Writes a line every `everyMs` until the socket closes. */
function trickle(socket: Socket, line: (i: number) => string, everyMs: number): void {
  let i = 0;
  const next = () => {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(line(i));
    i += 1;
    setTimeout(next, everyMs);
  };
  next();
}

async function uploadTarget(size: number) {
  const signed = expectOk(
    await presign(h, { filename: `slow-${size}-${Date.now()}.bin`, size }),
    presignResponseSchema,
    201,
  );
  return Object.assign(new URL(signed.upload_url, h.server.baseUrl), { storagePath: signed.storage_path });
}

describe('slow clients', () => {
  it('cuts a client that trickles its headers, though it never goes silent', async () => {
    const raw = await rawConnection();
    raw.socket.write(`GET /api/health HTTP/1.1\r\nHost: ${new URL(h.server.baseUrl).host}\r\n`);
    trickle(raw.socket, (i) => `X-Slow-${i}: ${'a'.repeat(8)}\r\n`, 200);
    const lasted = await cutWithin(raw, limits.headersTimeoutMs);
    expect(lasted).toBeGreaterThanOrEqual(limits.headersTimeoutMs - 100);
    expect(raw.received()).not.toContain('200 OK');
  });

  it('cuts a client that connects and sends nothing', async () => {
    const raw = await rawConnection();
    await cutWithin(raw, Math.min(limits.headersTimeoutMs, limits.idleTimeoutMs));
    expect(raw.received()).not.toContain('200 OK');
  });

  it('cuts an upload whose body stops coming, after the idle time', async () => {
    const target = await uploadTarget(4096);
    const raw = await rawConnection();
    raw.socket.write(
      `PUT ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/octet-stream\r\nContent-Length: 4096\r\n\r\n`,
    );
    raw.socket.write(randomBytesOf(512));
    const lasted = await cutWithin(raw, limits.idleTimeoutMs);
    expect(lasted).toBeGreaterThanOrEqual(limits.idleTimeoutMs - 100);
  });

  it('cuts a kept-alive connection whose second request goes silent', async () => {
    const raw = await rawConnection();
    const host = new URL(h.server.baseUrl).host;
    raw.socket.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    await expect.poll(() => raw.received(), { timeout: 10_000 }).toContain('HTTP/1.1 200');
    const target = await uploadTarget(2048);
    raw.socket.write(
      `PUT ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2048\r\n\r\nabc`,
    );
    await cutWithin(raw, limits.idleTimeoutMs);
  });

  it('lets a slow but steady upload through, though it lasts longer than every limit', async () => {
    const chunk = 2048;
    const chunks = 40;
    const everyMs = 200;
    const bytes = randomBytesOf(chunk * chunks, 11);
    const target = await uploadTarget(bytes.length);
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        target,
        { method: 'PUT', headers: { 'content-type': 'application/octet-stream', 'content-length': bytes.length } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const next = () => {
        req.write(bytes.subarray(sent * chunk, (sent + 1) * chunk));
        sent += 1;
        if (sent === chunks) req.end();
        else setTimeout(next, everyMs);
      };
      next();
    });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(limits.headersTimeoutMs + 2 * limits.idleTimeoutMs);
    expect((await (await h.driver()).head(target.storagePath))?.size).toBe(bytes.length);
  });

  it('waits for its own slow answer: a request that has fully arrived is never cut for the time it takes', async () => {
    const { port } = lateSource.address() as AddressInfo;
    const started = Date.now();
    const answer = await testApi(h.server.baseUrl, asAdmin(h.token)).send(urlInfo, {
      body: { url: `http://127.0.0.2:${port}/late.txt` },
    });
    expect(expectOk(answer, urlInfoResponseSchema)).toMatchObject({ filename: 'late.txt', size: 5 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(answerAfterMs);
  });
});
