// The transfer worker's uploads into a mount folder (the explorer's upload button), run in Node
// against the real server on both drivers: presign → PUT → commit for small files, multipart for
// big ones, each through the job's scope; a failure or cancel leaves no reservation behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsEntryDetailSchema } from '@shared/api/fs.schema';
import { ErrorCode } from '@shared/errors';
import type { FsUploadJob } from '@workers/fs-protocol';
import type { TransferProgress, TransferWorkerApi } from '@workers/protocol';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { expectOk } from '@tests/integration/support/http';
import { drivers, fetchBytes, randomBytesOf, sha256 } from '@tests/integration/storage/storage-harness';
import { admin, fsCall, key, list, mkdir, startFsHarness, type FsHarness } from './fs-harness';

const MiB = 1024 * 1024;

describe.each(drivers)('uploads into a mount folder from the worker on the %s driver', (name) => {
  let h: FsHarness;
  let root: string;
  let worker: TransferWorkerApi;
  beforeAll(async () => {
    h = await startFsHarness(name);
    root = `${h.mountPath}/worker-uploads`;
    await mkdir(h, admin(h), root);
    // Parts of 5 MiB from 6 MiB on, so the multipart path runs on small files.
    worker = createWorkerEndpoint({
      fetch: globalThis.fetch,
      config: { singlePutMaxBytes: 6 * MiB, partSize: 5 * MiB },
    });
    worker.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'admin', token: h.token } });
  });
  afterAll(() => h.close());

  const job = (fileName: string, bytes: Uint8Array, extra: Partial<FsUploadJob> = {}): FsUploadJob => ({
    id: `${name}-${fileName}`,
    scope: 'admin',
    file: new Blob([new Uint8Array(bytes)]),
    folder: root,
    fileName,
    ...extra,
  });

  async function stored(path: string) {
    const detail = expectOk(await fsCall(h, admin(h), 'GET', 'get', { query: { path } }), fsEntryDetailSchema);
    const got = await fetchBytes(new URL(detail.download_url ?? '', h.server.baseUrl).toString());
    return { detail, bytes: got.bytes };
  }

  it('sends a small file in one presigned PUT and commits it; the folder lists it', async () => {
    const bytes = randomBytesOf(300_000);
    const stages: TransferProgress['stage'][] = [];
    const result = await worker.uploadToMount(job('small.bin', bytes), (progress) => stages.push(progress.stage));
    expect(result).toMatchObject({
      ok: true,
      entry: { path: `${root}/small.bin`, name: 'small.bin', size: bytes.length, isDirectory: false },
    });
    expect(stages.at(-1)).toBe('completed');
    expect(sha256((await stored(`${root}/small.bin`)).bytes)).toBe(sha256(bytes));
    expect((await list(h, admin(h), root)).items.map((item) => item.name)).toContain('small.bin');
  });

  it('sends a big file as a multipart upload and assembles it', async () => {
    const bytes = randomBytesOf(11 * MiB + 17, 3);
    const result = await worker.uploadToMount(job('big.bin', bytes, { contentType: 'application/x-test' }));
    expect(result).toMatchObject({ ok: true, entry: { path: `${root}/big.bin`, size: bytes.length } });
    const { detail, bytes: back } = await stored(`${root}/big.bin`);
    expect(detail.contentType).toBe('application/x-test');
    expect(sha256(back)).toBe(sha256(bytes));
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
  });

  it('writes a name with % literally into a folder whose path carries it as %25', async () => {
    await mkdir(h, admin(h), `${root}/100%25`);
    const result = await worker.uploadToMount(
      job('5% off.txt', new TextEncoder().encode('half'), { folder: `${root}/100%25` }),
    );
    expect(result).toMatchObject({ ok: true, entry: { name: '5% off.txt', path: `${root}/100%25/5%25 off.txt` } });
  });

  it('reports a missing folder with the server code, and keeps no reservation', async () => {
    const result = await worker.uploadToMount(job('lost.txt', new Uint8Array([1]), { folder: `${root}/missing` }));
    expect(result).toMatchObject({ ok: false, code: 'presign-failed', errorCode: ErrorCode.Conflict });
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
  });

  it('frees the reservation when cancelled while uploading, single or multipart', async () => {
    for (const [fileName, size] of [
      ['cancel-single.bin', 200_000],
      ['cancel-multi.bin', 7 * MiB],
    ] as const) {
      const id = `${name}-${fileName}`;
      const result = await worker.uploadToMount(job(fileName, randomBytesOf(size, 5)), (progress) => {
        if (progress.stage === 'uploading') worker.cancel(id);
      });
      expect(result).toMatchObject({ ok: false, code: 'cancelled' });
    }
    expect(await h.server.db.selectFrom('fs_uploads').select('id').execute()).toEqual([]);
    expect((await list(h, admin(h), root)).items.map((item) => item.name)).not.toContain('cancel-single.bin');
  });

  it('goes through /user/fs for a key, and a read-only key is refused', async () => {
    const writer = await key(h);
    const reader = await key(h, { read_only: 1 });
    const asKey = (apiKey: string) => {
      const endpoint = createWorkerEndpoint({ fetch: globalThis.fetch });
      endpoint.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'apikey', key: apiKey } });
      return endpoint;
    };
    if (!('apiKey' in writer) || !('apiKey' in reader)) throw new Error('keys expected');
    const written = await asKey(writer.apiKey).uploadToMount(
      job('by-key.txt', new Uint8Array([1, 2]), { scope: 'user' }),
    );
    expect(written).toMatchObject({ ok: true, entry: { path: `${root}/by-key.txt` } });
    const refused = await asKey(reader.apiKey).uploadToMount(
      job('read-only.txt', new Uint8Array([1]), { scope: 'user' }),
    );
    expect(refused).toMatchObject({ ok: false, code: 'forbidden', errorCode: ErrorCode.Forbidden });
  });
});
