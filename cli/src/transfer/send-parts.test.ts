// sendParts against a real local HTTP server standing in for storage: byte ranges with exact
// lengths, retries on 5xx, fresh links after a 403, parts already stored skipped, failures typed.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { sendParts, type SendPartsOptions } from './send-parts';

type Rule = (part: number, url: URL) => number | undefined;

describe('sendParts', () => {
  let dir: string;
  let file: string;
  let bytes: Buffer;
  let server: http.Server;
  let base: string;
  const received = new Map<number, Buffer>();
  const lengths: string[] = [];
  let rule: Rule = () => undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clipdock-parts-'));
    file = join(dir, 'data.bin');
    bytes = randomBytes(25_000);
    await writeFile(file, bytes);
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://storage');
      const part = Number(url.searchParams.get('part'));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        lengths.push(request.headers['content-length'] ?? '');
        const status = rule(part, url);
        if (status !== undefined) {
          response.writeHead(status).end('refused');
          return;
        }
        received.set(part, Buffer.concat(chunks));
        response.writeHead(200, { etag: `"etag-${part}"` }).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  const options = (overrides: Partial<SendPartsOptions> = {}): SendPartsOptions => ({
    path: file,
    size: bytes.length,
    partSize: 10_000,
    partCount: 3,
    urls: [1, 2, 3].map((partNumber) => ({ partNumber, url: `${base}/?part=${partNumber}` })),
    done: [],
    refreshUrls: async () => [],
    concurrency: 2,
    signal: new AbortController().signal,
    onLoaded: () => undefined,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    ...overrides,
  });

  it('sends each range with its exact length and reports every byte', async () => {
    received.clear();
    lengths.length = 0;
    rule = () => undefined;
    let loaded = 0;
    const parts = await sendParts(options({ onLoaded: (value) => (loaded = value) }));
    expect(parts).toEqual([1, 2, 3].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })));
    expect(Buffer.concat([1, 2, 3].map((n) => received.get(n) ?? Buffer.alloc(0)))).toEqual(bytes);
    expect(lengths.sort()).toEqual(['10000', '10000', '5000']);
    expect(loaded).toBe(bytes.length);
  });

  it('retries a 503, takes fresh links after a 403, and skips parts already stored', async () => {
    received.clear();
    const failedOnce = new Set<number>();
    rule = (part, url) => {
      if (part === 2 && !failedOnce.has(2)) {
        failedOnce.add(2);
        return 503;
      }
      if (part === 3 && url.searchParams.get('fresh') === null) return 403;
      return undefined;
    };
    const parts = await sendParts(
      options({
        done: [{ partNumber: 1, etag: '"kept"' }],
        refreshUrls: async (numbers) => numbers.map((n) => ({ partNumber: n, url: `${base}/?part=${n}&fresh=1` })),
      }),
    );
    expect(parts.map((part) => part.etag)).toEqual(['"kept"', '"etag-2"', '"etag-3"']);
    expect([...received.keys()].sort()).toEqual([2, 3]);
  });

  it('fails with exit 4 when storage refuses, exit 5 when it keeps failing', async () => {
    rule = (part) => (part === 2 ? 400 : undefined);
    await expect(sendParts(options())).rejects.toMatchObject({ exitCode: ExitCode.refused });
    rule = (part) => (part === 2 ? 500 : undefined);
    const failure = await sendParts(options()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CliError);
    expect(failure).toMatchObject({ exitCode: ExitCode.unavailable, message: expect.stringContaining('part 2') });
  });

  it('stops as interrupted when its signal aborts', async () => {
    rule = () => undefined;
    const controller = new AbortController();
    controller.abort();
    await expect(sendParts(options({ signal: controller.signal }))).rejects.toMatchObject({
      exitCode: ExitCode.interrupted,
    });
  });
});
