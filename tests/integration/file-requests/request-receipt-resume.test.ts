// The receipt's SHA-256 across a reload, through the worker's request transfer against the real
// server: an upload stopped by the network at its second part keeps its hash's checkpoint under
// the upload's ids; the resumed upload sends the missing parts, reads none of what the checkpoint
// covers, and its receipt carries the whole file's SHA-256. Both drivers, both databases.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchTransport, type PutTransport } from '@workers/put-transport';
import type { HashCheckpoint, HashCheckpoints } from '@workers/receipt-hash-checkpoints';
import { createRequestTransfer } from '@workers/request-transfer';
import type { FsHarness } from '@tests/integration/fs/fs-harness';
import { newRequest, setups, startRequestHarness, tokenOf } from './file-request-harness';

const MIB = 1024 * 1024;

/** A file that counts the reads of it from its first byte (the engine's parts are slices of it). */
class CountedFile extends File {
  streamed = 0;
  override stream() {
    this.streamed += 1;
    return super.stream();
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

describe.each(setups)('the receipt hash of a resumed request upload on the $driver driver and $database', (setup) => {
  let h: FsHarness;
  beforeAll(async () => {
    h = await startRequestHarness(setup, 'request-receipt-resume');
  });
  afterAll(() => h.close());

  function transfer(transport: PutTransport, checkpoints: HashCheckpoints) {
    return createRequestTransfer({
      fetch: globalThis.fetch,
      connection: () => ({ baseUrl: `${h.server.baseUrl}/api`, credentials: null }),
      transport,
      now: () => performance.now(),
      sleep,
      checkpoints,
      // Three parts of 5 MiB, one at a time, no retry: the second part's failure ends the first try.
      config: { singlePutMaxBytes: 5 * MIB, partSize: 5 * MIB, concurrency: 1, retries: 0 },
    });
  }

  it('takes the hash up from its checkpoint and still gives the whole file’s SHA-256', async () => {
    const { request } = await newRequest(h);
    const token = await tokenOf(h, request.slug);
    const bytes = randomBytes(12 * MIB);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const file = new CountedFile([bytes], 'video.bin', { lastModified: 1_000 });
    const { store, kept, hashedWhole } = memoryCheckpoints();
    const job = { id: 'resumed', slug: request.slug, token, file, filename: file.name };

    // First try: part 1 reaches storage; part 2 waits for the hash's last checkpoint, then the
    // network fails it, as a reload would.
    const storage = createFetchTransport(globalThis.fetch);
    let puts = 0;
    const failing: PutTransport = {
      async put(url, body, options) {
        puts += 1;
        if (puts === 1) return storage.put(url, body, options);
        await hashedWhole;
        throw new TypeError('Failed to fetch');
      },
    };
    const started: { fileId: string; uploadId: string }[] = [];
    const first = await transfer(failing, store).upload(job, undefined, (upload) => started.push(upload));
    expect(first).toMatchObject({ ok: false, code: 'network', retryable: true });
    const [upload] = started;
    if (upload === undefined) throw new Error('the upload never started');
    expect(kept.get(`${upload.fileId}/${upload.uploadId}`)?.offset).toBe(bytes.length);
    expect(file.streamed).toBe(1);

    // After the reload: the same file, resumed; only the missing parts go, nothing is hashed again.
    const resumed = await transfer(storage, store).upload({ ...job, resume: upload });
    if (!resumed.ok) throw new Error(resumed.message);
    expect(resumed.receipt).toMatchObject({ fileId: upload.fileId, size: bytes.length, sha256 });
    expect(file.streamed).toBe(1);
    // The upload is over: its checkpoint is gone.
    await expect.poll(() => kept.size).toBe(0);
  });
});
