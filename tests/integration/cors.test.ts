import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/auth-helpers';
import { startTestServer, type TestServer } from './support/test-server';

const origin = 'https://app.elsewhere.example';

describe('cross-origin access to /api', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers the preflight of an authorised, idempotent paste create from another origin', async () => {
    // raw: the Origin and preflight headers a browser sends, which the typed client does not
    const preflight = await fetch(`${server.baseUrl}/api/paste`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(
      preflight.headers
        .get('access-control-allow-headers')
        ?.toLowerCase()
        .split(/\s*,\s*/),
    ).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets the other origin read answers and the ETag of a blob upload, without cookies', async () => {
    const { token } = await login(server.baseUrl);
    // raw: the Origin and preflight headers a browser sends, which the typed client does not
    const created = await fetch(`${server.baseUrl}/api/paste`, {
      method: 'POST',
      headers: { origin, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'from afar' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('*');
    expect(created.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag');
    expect(created.headers.get('set-cookie')).toBeNull();
  });

  it('answers the preflight of a local-driver blob upload', async () => {
    // raw: the Origin and preflight headers a browser sends, which the typed client does not
    const preflight = await fetch(`${server.baseUrl}/api/blob/any-config?k=a.txt`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('leaves requests without an Origin header alone', async () => {
    // raw: the Origin and preflight headers a browser sends, which the typed client does not
    const plain = await fetch(`${server.baseUrl}/api/health`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});
