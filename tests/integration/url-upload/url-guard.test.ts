// Request forgery through the URL calls: without URL_FETCH_ALLOW, every spelling of 127.0.0.1,
// 10.0.0.1, 169.254.169.254, 168.63.129.16 and ::1 is refused by url/info and url/proxy with a 400
// that says why, and nothing reaches the loopback listener those spellings would hit. Every cloud's
// documented metadata service stays refused when URL_FETCH_ALLOW opens every address.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlInfo, urlProxy } from '@shared/api/url-upload.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { expectError } from '@tests/integration/support/http';
import { everyRefusedSpelling } from '@tests/integration/support/refused-spellings';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { documentedMetadataNames, everyDocumentedMetadataHost } from '@tests/unit/cloud-metadata-cases';

let server: TestServer;
let token = '';
const canaries: Server[] = [];
let hits = 0;
let port = 0;

/** A listener on 127.0.0.1 and ::1 (same port) that counts anything a slipped spelling would send. */
async function listenCanaries(): Promise<void> {
  const first = createServer((_req, res) => {
    hits += 1;
    res.end();
  });
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  port = (first.address() as AddressInfo).port;
  canaries.push(first);
  const second = createServer((_req, res) => {
    hits += 1;
    res.end();
  });
  await new Promise<void>((resolve, reject) => {
    second.once('error', reject);
    second.listen(port, '::1', resolve);
  }).catch(() => undefined);
  if (second.listening) canaries.push(second);
}

beforeAll(async () => {
  await listenCanaries();
  server = await startTestServer({ env: { URL_FETCH_ALLOW: undefined } });
  token = (await login(server.baseUrl)).token;
});

afterAll(async () => {
  await server.close();
  await Promise.all(canaries.map((canary) => new Promise<void>((resolve) => canary.close(() => resolve()))));
});

describe('without URL_FETCH_ALLOW', () => {
  it.each(everyRefusedSpelling)('url/info refuses %s spelled %s', async (target, host) => {
    const url = `http://${host}:${port}/latest/meta-data/`;
    const refused = expectError(
      await testApi(server.baseUrl, asAdmin(token)).send(urlInfo, { body: { url } }),
      400,
      ErrorCode.UrlNotAllowed,
    );
    expect(refused.message, target).toMatch(
      /refused to connect to .+: the URL is (a (loopback|private|metadata) address|a cloud metadata service)/,
    );
    expect(hits).toBe(0);
  });

  it.each(everyRefusedSpelling)('url/proxy refuses %s spelled %s', async (_target, host) => {
    const url = `http://${host}:${port}/latest/meta-data/`;
    const response = await testApi(server.baseUrl, asAdmin(token)).send(urlProxy, { query: { url } });
    expectError(response, 400, ErrorCode.UrlNotAllowed);
    expect(hits).toBe(0);
  });

  it('refuses https as well as http, and the address behind a user-info prefix', async () => {
    for (const url of [
      `https://127.0.0.1:${port}/`,
      `http://example.com@127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
    ]) {
      expectError(
        await testApi(server.baseUrl, asAdmin(token)).send(urlInfo, { body: { url } }),
        400,
        ErrorCode.UrlNotAllowed,
      );
    }
    expect(hits).toBe(0);
  });
});

describe('with URL_FETCH_ALLOW opening every address', () => {
  let open: TestServer;
  let openToken = '';
  beforeAll(async () => {
    const names = documentedMetadataNames.map(({ name }) => name).join(',');
    open = await startTestServer({ env: { URL_FETCH_ALLOW: `0.0.0.0/0,::/0,${names}` } });
    openToken = (await login(open.baseUrl)).token;
  });
  afterAll(() => open.close());

  it.each(everyDocumentedMetadataHost)('url/info and url/proxy refuse the metadata service at %s', async (host) => {
    const url = `http://${host}/latest/meta-data/`;
    const refused = expectError(
      await testApi(open.baseUrl, asAdmin(openToken)).send(urlInfo, { body: { url } }),
      400,
      ErrorCode.UrlNotAllowed,
    );
    expect(refused.message).toMatch(/the URL is (a metadata address|a cloud metadata service)/);
    expectError(
      await testApi(open.baseUrl, asAdmin(openToken)).send(urlProxy, { query: { url } }),
      400,
      ErrorCode.UrlNotAllowed,
    );
  });
});
