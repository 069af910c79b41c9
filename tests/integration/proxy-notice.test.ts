// Behind a proxy without TRUST_PROXY every client shares one address; the server says so once.
import { afterEach, describe, expect, it } from 'vitest';
import { getVersion } from '@shared/api/system.endpoints';
import { testApi } from '@tests/integration/support/api';
import { startTestServer, type TestServer } from './support/test-server';

describe('the untrusted-proxy warning', () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  const warnings = (s: TestServer) =>
    s.logs.filter((line) => line.level === 'warn' && line.msg.includes('TRUST_PROXY'));

  it('is logged once when forwarded requests arrive while TRUST_PROXY is off', async () => {
    server = await startTestServer();
    await testApi(server.baseUrl).send(getVersion, {});
    expect(warnings(server)).toHaveLength(0);
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      await testApi(server.baseUrl).send(getVersion, { headers: { 'x-forwarded-for': ip } });
    expect(warnings(server)).toHaveLength(1);
    expect(warnings(server)[0]?.msg).toContain('Set TRUST_PROXY=true');
  });

  it('is not logged when TRUST_PROXY is on', async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    await testApi(server.baseUrl).send(getVersion, { headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(warnings(server)).toHaveLength(0);
  });
});
