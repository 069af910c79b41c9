// The receipt's SHA-256, through the worker's request transfer against the real server: the hash
// is computed beside the upload; the upload's result comes at the commit, without the hash, which
// follows in a separate report (at once when it was done first, else with how far it is). A hash a
// reload interrupts is taken up from its checkpoint by the resumed upload; a failed upload stops it.
// Both drivers, both databases.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchTransport, type PutTransport } from '@workers/put-transport';
import type { HashCheckpoint, HashCheckpoints } from '@workers/receipt-hash-checkpoints';
import type { RequestHashReport } from '@workers/request-protocol';
import { createRequestTransfer } from '@workers/request-transfer';
import type { FsHarness } from '@tests/integration/fs/fs-harness';
import { newRequest, setups, startRequestHarness, tokenOf } from './file-request-harness';

const MIB = 1024 * 1024;

/**
 * A file that counts the reads of it from its first byte (the hash's; the engine sends slices),
 * and whose byte stream gives nothing until `open()`; `cancelled` tells that its reader gave up.
 */
class GatedFile extends File {
  streamed = 0;
  cancelled = false;
  open: () => void = () => undefined;
  private readonly gate = new Promise<void>((resolve) => {
    this.open = resolve;
  });

  constructor(bytes: Uint8Array<ArrayBuffer>, name: string, gated: boolean) {
    super([bytes], name, { lastModified: 1_000 });
    if (!gated) this.open();
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    this.streamed += 1;
    const inner = super.stream().getReader();
    return new ReadableStream({
      type: 'bytes',
      pull: async (controller) => {
        await this.gate;
        const { done, value } = await inner.read();
        if (!done) return controller.enqueue(value);
        controller.close();
        // A read still waiting for its buffer to fill takes what it has.
        controller.byobRequest?.respond(0);
      },
      cancel: (reason) => {
        this.cancelled = true;
        return inner.cancel(reason);
      },
    });
  }
}

/** Checkpoints in memory, as this browser's IndexedDB keeps them across a reload. */
function memoryCheckpoints() {
  const kept = new Map<string, HashCheckpoint>();
  let whole: () => void = () => undefined;
  const hashedWhole = new Promise<void>((resolve) => {
    whole = resolve;
  });
  const store: HashCheckpoints = {
    load: async (key) => kept.get(key) ?? null,
    save: async (key, file, checkpoint) => {
      kept.set(key, checkpoint);
      if (checkpoint.offset === file.size) whole();
    },
    forget: async (key) => {
      kept.delete(key);
    },
  };
  return { store, kept, hashedWhole };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Storage that takes the first part, then fails the next ones as a lost network does (after `before`). */
function failingAfterFirstPart(before: Promise<void> = Promise.resolve()): PutTransport {
  const storage = createFetchTransport(globalThis.fetch);
  let puts = 0;
  return {
    async put(url, body, options) {
      puts += 1;
      if (puts === 1) return storage.put(url, body, options);
      await before;
      throw new TypeError('Failed to fetch');
    },
  };
}

describe.each(setups)('the receipt hash of a request upload on the $driver driver and $database', (setup) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startRequestHarness(setup, 'request-receipt-hash');
  });
  afterAll(() => h.close());

  function transfer(
    transport: PutTransport,
    checkpoints: HashCheckpoints | null = null,
    fetch: typeof globalThis.fetch = globalThis.fetch,
  ) {
    return createRequestTransfer({
      fetch,
      connection: () => ({ baseUrl: `${h.server.baseUrl}/api`, credentials: null }),
      transport,
      now: () => performance.now(),
      sleep,
      checkpoints,
      // Three parts of 5 MiB, one at a time, no retry: a part's failure ends the try.
      config: { singlePutMaxBytes: 5 * MIB, partSize: 5 * MIB, concurrency: 1, retries: 0 },
    });
  }

  async function job(file: GatedFile) {
    const { request } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    return { id: `upload-${file.name}`, slug: request.slug, token, file, filename: file.name };
  }

  it('hashes the file beside its upload, and gives the hash at the commit when it was done first', async () => {
    const bytes = randomBytes(12 * MIB);
    const file = new GatedFile(bytes, 'beside.bin', false);
    const { store, hashedWhole } = memoryCheckpoints();
    const storage = createFetchTransport(globalThis.fetch);
    // The last part waits until the whole file is hashed: the hash ran while the parts went.
    const held: PutTransport = {
      async put(url, body, options) {
        if (body.size === bytes.length - 10 * MIB) await hashedWhole;
        return storage.put(url, body, options);
      },
    };
    const reports: RequestHashReport[] = [];
    const result = await transfer(held, store).upload(await job(file), undefined, undefined, (report) =>
      reports.push(report),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.receipt).toMatchObject({ filename: 'beside.bin', size: bytes.length });
    expect(result.receipt.sha256).toBeUndefined();
    await expect
      .poll(() => reports)
      .toEqual([{ state: 'hashed', fileId: result.receipt.fileId, sha256: sha256Of(bytes) }]);
    expect(file.streamed).toBe(1);
  });

  it('starts the hash only once the bytes go, so the request’s checks at the start never wait for it', async () => {
    const bytes = randomBytes(12 * MIB);
    const file = new GatedFile(bytes, 'late-hash.bin', false);
    // The multipart start waits until the test has looked.
    let letStart: () => void = () => undefined;
    const startHeld = new Promise<void>((resolve) => {
      letStart = resolve;
    });
    let reachedStart: () => void = () => undefined;
    const startAsked = new Promise<void>((resolve) => {
      reachedStart = resolve;
    });
    const held: typeof globalThis.fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/multipart/init')) {
        reachedStart();
        await startHeld;
      }
      return globalThis.fetch(input, init);
    };
    const reports: RequestHashReport[] = [];
    const uploading = transfer(createFetchTransport(globalThis.fetch), null, held).upload(
      await job(file),
      undefined,
      undefined,
      (report) => reports.push(report),
    );
    await startAsked;
    expect(file.streamed).toBe(0);
    letStart();
    const result = await uploading;
    if (!result.ok) throw new Error(result.message);
    await expect
      .poll(() => reports.at(-1))
      .toEqual({ state: 'hashed', fileId: result.receipt.fileId, sha256: sha256Of(bytes) });
    expect(file.streamed).toBe(1);
  });

  it('answers at the commit when the file arrives before its hash, and tells how far the hash is', async () => {
    const bytes = randomBytes(12 * MIB);
    const file = new GatedFile(bytes, 'slow-hash.bin', true);
    const reports: RequestHashReport[] = [];
    const result = await transfer(createFetchTransport(globalThis.fetch)).upload(
      await job(file),
      undefined,
      undefined,
      (report) => reports.push(report),
    );
    if (!result.ok) throw new Error(result.message);
    const { fileId } = result.receipt;
    expect(reports).toEqual([{ state: 'hashing', fileId, percent: 0 }]);

    file.open();
    await expect.poll(() => reports.at(-1)).toEqual({ state: 'hashed', fileId, sha256: sha256Of(bytes) });
    const percents = reports.flatMap((report) => (report.state === 'hashing' ? [report.percent] : []));
    expect(percents.length).toBeGreaterThan(1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(Math.max(...percents)).toBeLessThanOrEqual(99);
  });

  it('stops the hash of an upload that failed', async () => {
    const bytes = randomBytes(12 * MIB);
    const file = new GatedFile(bytes, 'refused.bin', true);
    const reports: RequestHashReport[] = [];
    const result = await transfer(failingAfterFirstPart()).upload(await job(file), undefined, undefined, (report) =>
      reports.push(report),
    );
    expect(result).toMatchObject({ ok: false, code: 'network', retryable: true });
    file.open();
    await expect.poll(() => file.cancelled).toBe(true);
    expect(reports).toEqual([]);
  });

  it('takes a resumed upload’s hash up from its checkpoint and still gives the whole file’s SHA-256', async () => {
    const bytes = randomBytes(12 * MIB);
    const file = new GatedFile(bytes, 'video.bin', false);
    const { store, kept, hashedWhole } = memoryCheckpoints();
    const first = await job(file);
    // First try: part 1 reaches storage; part 2 waits for the hash's last checkpoint, then the
    // network fails it, as a reload would.
    const started: { fileId: string; uploadId: string }[] = [];
    const failed = await transfer(failingAfterFirstPart(hashedWhole), store).upload(first, undefined, (upload) =>
      started.push(upload),
    );
    expect(failed).toMatchObject({ ok: false, code: 'network', retryable: true });
    const [upload] = started;
    if (upload === undefined) throw new Error('the upload never started');
    expect(kept.get(`${upload.fileId}/${upload.uploadId}`)?.offset).toBe(bytes.length);
    expect(file.streamed).toBe(1);

    // After the reload: the same file, resumed; only the missing parts go, nothing is hashed again.
    const reports: RequestHashReport[] = [];
    const resumed = await transfer(createFetchTransport(globalThis.fetch), store).upload(
      { ...first, resume: upload },
      undefined,
      undefined,
      (report) => reports.push(report),
    );
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.receipt).toMatchObject({ fileId: upload.fileId, size: bytes.length });
    await expect
      .poll(() => reports.at(-1))
      .toEqual({ state: 'hashed', fileId: upload.fileId, sha256: sha256Of(bytes) });
    expect(file.streamed).toBe(1);
    // The upload is over: its checkpoint is gone.
    await expect.poll(() => kept.size).toBe(0);
  });
});
