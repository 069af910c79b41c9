// Multipart form uploads as real clients write them, on each driver: UTF-8 file names raw in
// filename="…" (curl -F, browsers, FormData, Python's requests) or encoded in filename*=UTF-8''…
// are stored as sent, and form fields count in any order (a field is never silently dropped).
// raw file: the multipart bodies are written by hand, byte for byte as each client sends them.
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile } from '@shared/api/file.endpoints';
import { testApi } from '@tests/integration/support/api';
import { fsEntrySchema } from '@shared/api/fs.schema';
import { commitResponseSchema } from '@shared/api/upload.schema';
import { ErrorCode } from '@shared/errors';
import { drivers } from '@tests/integration/storage/storage-harness';
import { call, expectError, expectOk, type CallResult } from '@tests/integration/support/http';
import { admin, fsCall, mkdir, startFsHarness, type FsHarness } from './fs-harness';

type Part = { name: string; value: string } | { name: string; disposition: string; type?: string; data: string };
const boundary = '----clipdockFormBoundary7MA4YWxkTrZu0gW';

/** The bytes of a form as a client puts them on the wire: headers are raw UTF-8. */
function formBody(parts: readonly Part[]): Buffer {
  const chunks: string[] = [];
  for (const part of parts) {
    chunks.push(`--${boundary}\r\n`);
    if ('value' in part) chunks.push(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
    else
      chunks.push(
        `Content-Disposition: form-data; name="${part.name}"; ${part.disposition}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n${part.data}\r\n`,
      );
  }
  chunks.push(`--${boundary}--\r\n`);
  return Buffer.from(chunks.join(''), 'utf8');
}

const name = '表单.bin';
/** How each client names the file `表单.bin`. */
const clients: [string, string][] = [
  ['curl -F', `filename="${name}"`],
  ['an HTML form', `filename="${name}"`],
  ['FormData', `filename="${name}"`],
  ['Python requests (urllib3 1.x)', `filename*=utf-8''${encodeURIComponent(name)}`],
  ['RFC 5987 with a fallback', `filename="__.bin"; filename*=UTF-8''${encodeURIComponent(name)}`],
];

describe.each(drivers)('form uploads on the %s driver', (driver) => {
  let h: FsHarness;
  let folder: string;
  beforeAll(async () => {
    h = await startFsHarness(driver);
    folder = `${h.mountPath}/forms`;
    await mkdir(h, admin(h), folder);
  });
  afterAll(() => h.close());

  const post = async (path: string, parts: readonly Part[]): Promise<CallResult> => {
    const response = await fetch(`${h.server.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(formBody(parts)),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
  };
  const file = (disposition: string, data = 'bytes'): Part => ({ name: 'file', disposition, data });

  it.each(clients)('keeps a UTF-8 file name as %s sends it', async (_client, disposition) => {
    const share = expectOk(
      await post('/api/upload', [{ name: 's3_config_id', value: h.configId }, file(disposition)]),
      commitResponseSchema,
      201,
    );
    expect(share.filename).toBe(name);
    const sub = `${folder}/${_client.replace(/\W+/g, '-')}`;
    await mkdir(h, admin(h), sub);
    const entry = expectOk(
      await post('/api/admin/fs/upload', [{ name: 'path', value: sub }, file(disposition)]),
      fsEntrySchema,
      201,
    );
    expect(entry.name).toBe(name);
    const listed = await fsCall(h, admin(h), 'GET', 'get', { query: { path: `${sub}/${name}` } });
    expect(listed.status, listed.text).toBe(200);
  });

  it('honours /api/upload fields sent after the file, and refuses a placing field after a streamed file', async () => {
    const slug = `late-${driver}`;
    const late = expectOk(
      await post('/api/upload', [
        file(`filename="late.txt"`, 'late fields'),
        { name: 's3_config_id', value: h.configId },
        { name: 'slug', value: slug },
        { name: 'path', value: 'later/here' },
        { name: 'remark', value: 'sent last' },
      ]),
      commitResponseSchema,
      201,
    );
    expect(late.slug).toBe(slug);
    expect(late.storage_path).toContain('later/here/');
    expect(late.remark).toBe('sent last');
    const download = await fetch(testApi(h.server.baseUrl).url(downloadFile, { params: { slug } }));
    expect(await download.text()).toBe('late fields');

    const refused = expectError(
      await post('/api/upload', [
        { name: 's3_config_id', value: h.configId },
        file(`filename="mixed.txt"`),
        { name: 'slug', value: `mixed-${driver}` },
      ]),
      400,
      ErrorCode.BadRequest,
    );
    expect(refused.message).toMatch(/slug came after the file/);
    expect((await call(h.server.baseUrl, 'GET', `/api/public/files/mixed-${driver}`)).status).toBe(404);
  });

  it('takes fs/upload with path after the file, as the spec sends it, and names an unknown field', async () => {
    const entry = expectOk(
      await post('/api/admin/fs/upload', [
        file(`filename="first.txt"`, 'file first'),
        { name: 'path', value: folder },
        { name: 'use_multipart', value: 'false' },
      ]),
      fsEntrySchema,
      201,
    );
    expect(entry.path).toBe(`${folder}/first.txt`);
    const got = await fsCall(h, admin(h), 'GET', 'download', { query: { path: `${folder}/first.txt` } });
    expect(got.text).toBe('file first');
    const unknown = expectError(
      await post('/api/admin/fs/upload', [
        { name: 'path', value: folder },
        { name: 'folder', value: '/x' },
        file(`filename="u.txt"`),
      ]),
      400,
      ErrorCode.BadRequest,
    );
    expect(unknown.message).toContain('"folder"');
    expectError(await post('/api/admin/fs/upload', [file(`filename="nowhere.txt"`)]), 400, ErrorCode.ValidationFailed);
  });

  it('leaves no temporary file behind when a client that sent its file first goes away', async () => {
    const formDirs = async () => (await readdir(tmpdir())).filter((entry) => entry.startsWith('clipdock-form-'));
    const whole = formBody([file('filename="cut.bin"', 'x'.repeat(300_000)), { name: 'path', value: folder }]);
    const { hostname, port } = new URL(h.server.baseUrl);
    for (const path of ['/api/upload', '/api/admin/fs/upload']) {
      const before = new Set(await formDirs());
      const req = request({
        hostname,
        port,
        path,
        method: 'POST',
        headers: {
          authorization: `Bearer ${h.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(whole.length),
        },
      });
      req.on('error', () => undefined);
      req.write(whole.subarray(0, 100_000));
      await expect
        .poll(async () => (await formDirs()).filter((dir) => !before.has(dir)).length, {
          timeout: 10_000,
          interval: 50,
        })
        .toBe(1);
      req.destroy();
      await expect
        .poll(async () => (await formDirs()).filter((dir) => !before.has(dir)), { timeout: 10_000, interval: 100 })
        .toEqual([]);
    }
  });
});
