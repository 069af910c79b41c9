// url/info and url/proxy against a local fixture server allowed through URL_FETCH_ALLOW: CORS
// detection, names, HEAD-less servers, redirects (a refused hop, too many), the size cap and the
// time limit. Every refused spelling of loopback, private and metadata addresses is covered in
// url-guard.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlInfo, urlProxy } from '@shared/api/url-upload.endpoints';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { urlInfoResponseSchema } from '@shared/api/url-upload.schema';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { expectError, expectOk } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { startUrlFixture, type UrlFixture } from '@tests/support/url-fixture';

let server: TestServer;
let fixture: UrlFixture;
let canary: Server;
let canaryHits = 0;
let token = '';

beforeAll(async () => {
  canary = createServer((_req, res) => {
    canaryHits += 1;
    res.end('canary');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const canaryPort = (canary.address() as AddressInfo).port;
  fixture = await startUrlFixture({ host: '127.0.0.2', refusedTarget: `http://127.0.0.1:${canaryPort}/secret` });
  server = await startTestServer({ env: { URL_FETCH_ALLOW: '127.0.0.2', URL_FETCH_TIMEOUT_SECONDS: '2' } });
  token = (await login(server.baseUrl)).token;
});

afterAll(async () => {
  await server.close();
  await fixture.close();
  await new Promise<void>((resolve) => canary.close(() => resolve()));
});

const info = (url: string) =>
  testApi(server.baseUrl, asAdmin(token)).send(urlInfo, { body: { url }, headers: { origin: 'https://app.example' } });
const proxy = (url: string) =>
  fetch(testApi(server.baseUrl).url(urlProxy, { query: { url } }), {
    headers: { authorization: `Bearer ${token}` },
  });

async function setMaxUpload(size: number, unit: 'KB' | 'MB'): Promise<void> {
  const result = await testApi(server.baseUrl, asAdmin(token)).send(updateSystemSettings, {
    body: { max_upload_size: size, max_upload_size_unit: unit },
  });
  expect(result.status, result.text).toBe(200);
}

describe('url/info', () => {
  it('describes a file with CORS: name, size, type, and that the browser may fetch it', async () => {
    const data = expectOk(await info(`${fixture.origin}/cors/1000/hello.txt`), urlInfoResponseSchema);
    expect(data).toMatchObject({ filename: 'hello.txt', size: 1000, contentType: 'text/plain', corsSupported: true });
  });

  it('says a file without CORS must come through the proxy, and never reads its body', async () => {
    const data = expectOk(await info(`${fixture.origin}/plain/2000/data.bin`), urlInfoResponseSchema);
    expect(data).toMatchObject({ filename: 'data.bin', size: 2000, corsSupported: false });
  });

  it('takes the name and type from the answer’s headers', async () => {
    expect(expectOk(await info(`${fixture.origin}/named/10`), urlInfoResponseSchema)).toMatchObject({
      filename: 'report 2030.pdf',
      contentType: 'application/pdf',
      size: 10,
    });
  });

  it('asks a server that refuses HEAD for one byte to learn the size', async () => {
    expect(expectOk(await info(`${fixture.origin}/no-head/300/notes.txt`), urlInfoResponseSchema)).toMatchObject({
      filename: 'notes.txt',
      size: 300,
    });
  });

  it('reports the HTTP status of a failed answer', async () => {
    const failed = expectError(await info(`${fixture.origin}/status/404`), 502, ErrorCode.UrlFetchFailed);
    expect(failed.data.upstreamStatus).toBe(404);
    expect(failed.message).toContain('HTTP 404');
  });

  it('follows up to 5 redirects by hand and names the file after the last hop', async () => {
    expect(expectOk(await info(`${fixture.origin}/redirect/5/64`), urlInfoResponseSchema)).toMatchObject({
      filename: 'after-redirect.bin',
      size: 64,
    });
    const tooMany = expectError(await info(`${fixture.origin}/redirect/6/64`), 502, ErrorCode.UrlFetchFailed);
    expect(tooMany.message).toContain('more than 5 redirects');
  });

  it('refuses a redirect to a loopback address, with a 400 saying why, and sends nothing there', async () => {
    const refused = expectError(await info(`${fixture.origin}/redirect-refused`), 400, ErrorCode.UrlNotAllowed);
    expect(refused.message).toMatch(/127\.0\.0\.1.*loopback/);
    expect(refused.message).toContain('URL_FETCH_ALLOW');
    expect(canaryHits).toBe(0);
  });

  it('refuses other schemes and malformed URLs as validation failures', async () => {
    for (const url of ['ftp://example.com/file', 'file:///etc/passwd', 'not a url', '//example.com/x']) {
      expect(expectError(await info(url), 400, ErrorCode.ValidationFailed).message).toContain('url');
    }
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    const slow = expectError(await info(`${fixture.origin}/slow-headers`), 502, ErrorCode.UrlFetchFailed);
    expect(slow.message).toContain('within 2 s');
  });

  it('needs a login: an anonymous caller is refused before anything is fetched', async () => {
    const before = fixture.hits.get('/plain/5/anon.bin') ?? 0;
    expectError(
      await testApi(server.baseUrl).send(urlInfo, { body: { url: `${fixture.origin}/plain/5/anon.bin` } }),
      401,
      ErrorCode.Unauthorized,
    );
    expect(fixture.hits.get('/plain/5/anon.bin') ?? 0).toBe(before);
  });
});

describe('url/proxy', () => {
  it('streams the remote body as an attachment that is never rendered', async () => {
    const response = await proxy(`${fixture.origin}/plain/3000/data.bin`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-length')).toBe('3000');
    expect(Buffer.from(await response.arrayBuffer()).equals(fixture.bytes(3000))).toBe(true);
  });

  it('answers an upstream error as a 502 carrying its status', async () => {
    const response = await proxy(`${fixture.origin}/status/403`);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ data: { error: ErrorCode.UrlFetchFailed, upstreamStatus: 403 } });
  });

  it('refuses a redirect to a refused address', async () => {
    const response = await proxy(`${fixture.origin}/redirect-refused`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ data: { error: ErrorCode.UrlNotAllowed } });
    expect(canaryHits).toBe(0);
  });

  describe('with a 1 KB max upload size', () => {
    beforeAll(() => setMaxUpload(1, 'KB'));
    afterAll(() => setMaxUpload(100, 'MB'));

    it('refuses a body announced as larger than the max upload size', async () => {
      const response = await proxy(`${fixture.origin}/plain/5000/big.bin`);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ data: { error: ErrorCode.PayloadTooLarge } });
    });

    it('cuts an unannounced body once it passes the max upload size', async () => {
      const response = await proxy(`${fixture.origin}/chunked/50000`);
      expect(response.status).toBe(200);
      const received = await response.arrayBuffer().then(
        (body) => body.byteLength,
        () => -1,
      );
      expect(received).toBeLessThanOrEqual(1024);
    });
  });

  it('cuts a body that is still arriving at the time limit', async () => {
    const response = await proxy(`${fixture.origin}/slow-body/100`);
    expect(response.status).toBe(200);
    const received = await response.arrayBuffer().then(
      (body) => body.byteLength,
      () => -1,
    );
    expect(received).toBeLessThan(100);
  });
});
