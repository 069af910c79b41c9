// The receipt's SHA-256, through the worker's request transfer against the real server: the
// upload's result comes at the commit, without the hash; the hash is computed afterwards, only
// once the batch's other uploads are over, and reported separately. A resumed upload's receipt
// gets the whole file's SHA-256 the same way. Both drivers, both databases.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchTransport, type PutTransport } from '@workers/put-transport';
import type { RequestHashReport } from '@workers/request-protocol';
import { createRequestTransfer } from '@workers/request-transfer';
import type { FsHarness } from '@tests/integration/fs/fs-harness';
import { newRequest, setups, startRequestHarness, tokenOf } from './file-request-harness';

const MIB = 1024 * 1024;

/** A file that counts the reads of it through its byte stream (the hash's; the engine slices). */
class CountedFile extends File {
  streamed = 0;
  override stream() {
    this.streamed += 1;
    return super.stream();
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(setups)('the receipt hash of a request upload on the $driver driver and $database', (setup) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startRequestHarness(setup, 'request-receipt-hash');
  });
  afterAll(() => h.close());

  function transfer(transport: PutTransport, hashAtOnceBytes?: number) {
    return createRequestTransfer({
      ...(hashAtOnceBytes === undefined ? {} : { hashAtOnceBytes }),
      fetch: globalThis.fetch,
      connection: () => ({ baseUrl: `${h.server.baseUrl}/api`, credentials: null }),
      transport,
      now: () => performance.now(),
      sleep,
      // Parts of 5 MiB, one at a time, no retry: a part's failure ends the try.
      config: { singlePutMaxBytes: 5 * MIB, partSize: 5 * MIB, concurrency: 1, retries: 0 },
    });
  }

  /** Two uploads of one batch; the second one's last part waits until `release()`. */
  async function twoUploads(hashAtOnceBytes?: number) {
    const { request } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    const small = randomBytes(MIB);
    const large = randomBytes(12 * MIB);
    const first = new CountedFile([small], 'first.bin');
    const second = new CountedFile([large], 'second.bin');
    const storage = createFetchTransport(globalThis.fetch);
    // The second file's last part (sent once: no retries) waits until the test lets it go.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: PutTransport = {
      async put(url, body, options) {
        if (body.size === large.length - 10 * MIB) await released;
        return storage.put(url, body, options);
      },
    };
    const worker = transfer(held, hashAtOnceBytes);
    const reports: RequestHashReport[] = [];
    const hear = (report: RequestHashReport) => reports.push(report);
    const secondUpload = worker.upload(
      { id: 'second', slug: request.slug, token, file: second, filename: second.name },
      undefined,
      undefined,
      hear,
    );
    const firstResult = await worker.upload(
      { id: 'first', slug: request.slug, token, file: first, filename: first.name },
      undefined,
      undefined,
      hear,
    );
    if (!firstResult.ok) throw new Error(firstResult.message);
    return { small, large, first, second, reports, firstResult, secondUpload, release };
  }

  it('answers at the commit, and hashes a large file only once the batch’s other upload is over', async () => {
    const { small, large, first, second, reports, firstResult, secondUpload, release } = await twoUploads(0);
    // Arrived, without its hash; the hash waits while the second file is still uploading.
    expect(firstResult.receipt).toMatchObject({ filename: 'first.bin', size: small.length });
    expect(firstResult.receipt.sha256).toBeUndefined();
    expect(reports).toEqual([{ state: 'hashing', fileId: firstResult.receipt.fileId, percent: 0 }]);
    expect(first.streamed).toBe(0);

    release();
    const secondResult = await secondUpload;
    if (!secondResult.ok) throw new Error(secondResult.message);
    expect(secondResult.receipt.sha256).toBeUndefined();
    const hashedOf = (fileId: string) =>
      reports.find((report) => report.state === 'hashed' && report.fileId === fileId);
    await expect.poll(() => hashedOf(secondResult.receipt.fileId)).toBeDefined();
    expect(hashedOf(firstResult.receipt.fileId)).toEqual({
      state: 'hashed',
      fileId: firstResult.receipt.fileId,
      sha256: sha256Of(small),
    });
    expect(hashedOf(secondResult.receipt.fileId)).toEqual({
      state: 'hashed',
      fileId: secondResult.receipt.fileId,
      sha256: sha256Of(large),
    });
    // One after the other: the first file's hash was over before the second's read its first bytes.
    const firstHashed = reports.findIndex(
      (report) => report.state === 'hashed' && report.fileId === firstResult.receipt.fileId,
    );
    const secondReading = reports.findIndex(
      (report) => report.state === 'hashing' && report.fileId === secondResult.receipt.fileId && report.percent > 0,
    );
    expect(firstHashed).toBeGreaterThan(0);
    expect(firstHashed).toBeLessThan(secondReading);
    expect([first.streamed, second.streamed]).toEqual([1, 1]);
  });

  it('hashes a small file at once, beside the batch’s other upload', async () => {
    const { small, reports, firstResult, secondUpload, release } = await twoUploads();
    expect(firstResult.receipt.sha256).toBeUndefined();
    await expect
      .poll(() => reports.find((report) => report.state === 'hashed'))
      .toEqual({ state: 'hashed', fileId: firstResult.receipt.fileId, sha256: sha256Of(small) });
    release();
    expect((await secondUpload).ok).toBe(true);
  });

  it('gives a resumed upload’s receipt the whole file’s SHA-256', async () => {
    const { request } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    const bytes = randomBytes(12 * MIB);
    const file = new CountedFile([bytes], 'video.bin', { lastModified: 1_000 });
    const job = { id: 'resumed', slug: request.slug, token, file, filename: file.name };
    // First try: part 1 reaches storage, then the network fails, as a reload would.
    const storage = createFetchTransport(globalThis.fetch);
    let puts = 0;
    const failing: PutTransport = {
      async put(url, body, options) {
        puts += 1;
        if (puts === 1) return storage.put(url, body, options);
        throw new TypeError('Failed to fetch');
      },
    };
    const started: { fileId: string; uploadId: string }[] = [];
    const reports: RequestHashReport[] = [];
    const first = await transfer(failing).upload(
      job,
      undefined,
      (upload) => started.push(upload),
      (report) => reports.push(report),
    );
    expect(first).toMatchObject({ ok: false, code: 'network', retryable: true });
    const [upload] = started;
    if (upload === undefined) throw new Error('the upload never started');
    // A failed upload is not hashed at all.
    expect(reports).toEqual([]);
    expect(file.streamed).toBe(0);

    const resumed = await transfer(storage).upload({ ...job, resume: upload }, undefined, undefined, (report) =>
      reports.push(report),
    );
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.receipt).toMatchObject({ fileId: upload.fileId, size: bytes.length });
    await expect
      .poll(() => reports.at(-1))
      .toEqual({ state: 'hashed', fileId: upload.fileId, sha256: sha256Of(bytes) });
    expect(file.streamed).toBe(1);
  });
});
