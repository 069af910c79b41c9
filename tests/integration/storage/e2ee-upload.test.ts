// End-to-end encrypted file shares sent by the real transfer worker to the real server, on both
// drivers: storage holds only records (docs/encryption.md), the database and the log hold neither
// the name nor a byte of the content nor the key, parts still go in parallel, an upload broken off
// midway resumes sealing only the parts storage lacks, and the download opens with the key.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicFile } from '@shared/api/file.endpoints';
import { listMultipartParts, presignUpload } from '@shared/api/upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { publicFileSchema } from '@shared/api/file-share.schema';
import { multipartPartsResponseSchema } from '@shared/api/upload.schema';
import { fromBase64Url, newSecret, toBase64Url } from '@shared/e2ee/keys';
import { openingStream, sealedSize } from '@shared/e2ee/records';
import { openFile, sealFile } from '@shared/e2ee/share';
import { ErrorCode } from '@shared/errors';
import type { UploadJob } from '@workers/protocol';
import { createWorkerEndpoint } from '@workers/worker-endpoint';
import { expectError, expectOk } from '@tests/integration/support/http';
import { download, drivers, presign, startHarness, type Harness } from './storage-harness';

const MiB = 1024 * 1024;
const marker = 'clipdock-plaintext-marker';

/** Text that is easy to look for: the marker and a counter, again and again. */
function plaintextOf(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  const encoder = new TextEncoder();
  for (let at = 0, n = 0; at < size; n += 1) {
    const line = encoder.encode(`${marker} ${n}\n`);
    out.set(line.subarray(0, size - at), at);
    at += line.byteLength;
  }
  return out;
}

async function opened(secret: Uint8Array<ArrayBuffer>, header: Parameters<typeof openFile>[1], body: Uint8Array) {
  const { meta, recordKey } = await openFile(secret, header);
  const chunks: Uint8Array[] = [];
  for await (const chunk of new Blob([body as Uint8Array<ArrayBuffer>]).stream().pipeThrough(openingStream(recordKey)))
    chunks.push(chunk);
  return { meta, bytes: new Uint8Array(await new Blob(chunks as Uint8Array<ArrayBuffer>[]).arrayBuffer()) };
}

describe.each(drivers)('end-to-end encrypted file shares on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  /** A worker whose `breakPut`-th storage PUT fails as a lost connection would; one part at a time when it breaks one. */
  function worker(breakPut = 0, counted: { puts: number } = { puts: 0 }) {
    const endpoint = createWorkerEndpoint({
      fetch: (input, init) => {
        if (init?.method === 'PUT') {
          counted.puts += 1;
          if (counted.puts === breakPut) return Promise.reject(new TypeError('network lost'));
        }
        return globalThis.fetch(input, init);
      },
      config: {
        singlePutMaxBytes: 6 * MiB,
        partSize: 5 * MiB,
        retries: 0,
        ...(breakPut > 0 ? { concurrency: 1 } : {}),
      },
    });
    endpoint.configure({ baseUrl: `${h.server.baseUrl}/api`, credentials: { scheme: 'admin', token: h.token } });
    return endpoint;
  }

  async function sealedJob(id: string, filename: string, plain: Uint8Array<ArrayBuffer>, type: string) {
    const secret = newSecret();
    const { header } = await sealFile(secret, { name: filename, type, size: plain.byteLength });
    const job: UploadJob = {
      id,
      file: new Blob([plain], { type }),
      filename,
      s3_config_id: h.configId,
      e2ee: { secret: toBase64Url(secret), header },
    };
    return { secret, job };
  }

  async function check(slug: string, secret: Uint8Array<ArrayBuffer>, plain: Uint8Array, filename: string) {
    const info = expectOk(await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug } }), publicFileSchema);
    expect(info).toMatchObject({ filename: 'encrypted.bin', mimetype: 'application/octet-stream' });
    expect(info.size).toBe(sealedSize(plain.byteLength));
    if (info.e2ee === undefined) throw new Error('the share has no header');
    const stored = await download(h, slug);
    expect(stored.status).toBe(200);
    expect(stored.bytes.toString('latin1')).not.toContain(marker);
    const { meta, bytes } = await opened(secret, info.e2ee, stored.bytes);
    expect(meta).toEqual({ name: filename, type: 'text/plain', size: plain.byteLength });
    expect(bytes).toEqual(plain);

    const rows = await h.server.db.selectFrom('files').selectAll().execute();
    const logs = JSON.stringify(h.server.logs);
    for (const text of [JSON.stringify(rows), logs]) {
      expect(text).not.toContain(filename);
      expect(text).not.toContain(marker);
      expect(text).not.toContain(toBase64Url(secret));
    }
  }

  it('sends a small file in one sealed PUT, and a large one in sealed parts', async () => {
    for (const [filename, size] of [
      ['minutes of the board.txt', 70_000],
      ['everything we know.txt', 7 * MiB + 777],
    ] as const) {
      const plain = plaintextOf(size);
      const { secret, job } = await sealedJob(`e2ee-${size}`, filename, plain, 'text/plain');
      const result = await worker().upload(job);
      if (!result.ok) throw new Error(`upload failed: ${result.code} ${result.message}`);
      await check(result.slug, secret, plain, filename);
    }
  });

  it('resumes an upload broken off midway, sealing only the parts storage lacks', async () => {
    const plain = plaintextOf(11 * MiB + 5);
    const filename = 'resumed secrets.txt';
    const { secret, job } = await sealedJob('e2ee-resume', filename, plain, 'text/plain');
    let started: { fileId: string; uploadId: string } | undefined;
    const broken = await worker(2).upload(job, undefined, (ids) => {
      started = ids;
    });
    expect(broken).toMatchObject({ ok: false, code: 'network', partNumber: expect.any(Number) });
    if (started === undefined) throw new Error('the multipart upload never started');
    const listed = expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(listMultipartParts, {
        body: { file_id: started.fileId, upload_id: started.uploadId },
      }),
      multipartPartsResponseSchema,
    );
    expect(listed.part_count).toBe(3);
    expect(listed.parts.map((part) => part.partNumber)).toEqual([1]);
    const counted = { puts: 0 };
    const resumed = await worker(0, counted).upload({ ...job, resume: started });
    expect(counted.puts).toBe(listed.part_count - listed.parts.length);
    if (!resumed.ok) throw new Error(`resume failed: ${resumed.code} ${resumed.message}`);
    expect(resumed.fileId).toBe(started.fileId);
    await check(resumed.slug, secret, plain, filename);
  });

  it('seals a download from a URL on its way into storage', async () => {
    const plain = plaintextOf(6 * MiB + 99);
    const source = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(plain.byteLength) });
      response.end(plain);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    try {
      const address = source.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const filename = 'from a link.txt';
      const { secret, job } = await sealedJob('e2ee-url', filename, plain, 'text/plain');
      const result = await worker().uploadFromUrl({
        id: 'e2ee-url',
        url: `http://127.0.0.1:${address.port}/notes.txt`,
        filename,
        mimetype: 'text/plain',
        size: plain.byteLength,
        s3_config_id: h.configId,
        ...(job.e2ee === undefined ? {} : { e2ee: job.e2ee }),
      });
      if (!result.ok) throw new Error(`URL upload failed: ${result.code} ${result.message}`);
      await check(result.slug, secret, plain, filename);
    } finally {
      await new Promise((resolve) => source.close(resolve));
    }
  });

  it('refuses a header with a size no sealed file has, and never keeps the name sent', async () => {
    const { header } = await sealFile(newSecret(), { name: 'x.txt', type: 'text/plain', size: 3 });
    const refused = await testApi(h.server.baseUrl, asAdmin(h.token)).send(presignUpload, {
      body: { s3_config_id: h.configId, filename: 'x.txt', mimetype: 'text/plain', size: 5, e2ee: header },
    });
    expectError(refused, 400, ErrorCode.ValidationFailed);
    expect(refused.text).toContain('size');
    const signed = await presign(h, { filename: 'my real name.txt', size: 19, mimetype: 'text/plain' });
    expect(signed.status).toBe(201);
    const accepted = await testApi(h.server.baseUrl, asAdmin(h.token)).send(presignUpload, {
      body: { s3_config_id: h.configId, filename: 'my real name.txt', mimetype: 'text/plain', size: 19, e2ee: header },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.text).not.toContain('my real name');
    expect(fromBase64Url(header.prefix)?.byteLength).toBe(8);
  });
});
