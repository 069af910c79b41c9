// Who may do what through /dav: every request carries its own credentials (no memory by address),
// failed Basic passwords are rate-limited like the admin login, a read-only key cannot write,
// and a key confined to a base path can neither read nor write outside it, however the path is spelt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { adminBasic, dav, hrefsOf, keyBasic, propfindBody, rawDav, type DavAuth } from './dav-harness';

describe('WebDAV access', () => {
  let h: FsHarness;
  let root: string;
  const at = (path: string) => `/dav${h.mountPath}${path}`;
  const req = (
    method: string,
    path: string,
    auth: DavAuth,
    init: { headers?: Record<string, string>; body?: string } = {},
  ) => dav(h.server.baseUrl, method, path, auth, init);
  const propfind = (path: string, auth: DavAuth, depth = '1') =>
    req('PROPFIND', path, auth, { headers: { depth }, body: propfindBody });
  const key = async (overrides: Parameters<typeof insertApiKey>[1] = {}) =>
    (await insertApiKey(h.server.db, { mount_permission: 1, ...overrides })).key;

  beforeAll(async () => {
    h = await startFsHarness('local');
    root = at('');
    for (const folder of ['/a', '/a/b', '/a/c']) expect((await req('MKCOL', at(folder), adminBasic)).status).toBe(201);
    expect((await req('PUT', at('/a/c/secret.txt'), adminBasic, { body: 'secret' })).status).toBe(201);
    expect((await req('PUT', at('/a/b/in.txt'), adminBasic, { body: 'inside' })).status).toBe(201);
  });
  afterAll(() => h.close());

  it('answers a request without credentials with a Basic challenge, whoever came before from the same address', async () => {
    const bare = await propfind(root, null);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Basic realm="/);
    expect((await propfind(root, adminBasic)).status).toBe(207);
    expect((await propfind(root, null)).status).toBe(401);
    expect((await req('GET', at('/a/b/in.txt'), null)).status).toBe(401);
    const options = await req('OPTIONS', root, null);
    expect(options.status).toBe(200);
    expect(options.headers.get('dav')).toContain('2');
  });

  it('accepts the admin by Basic or Bearer, and a key with the mount permission by Basic (as user and password) or ApiKey', async () => {
    expect((await propfind(root, { bearer: h.token })).status).toBe(207);
    const mountKey = await key();
    expect((await propfind(root, keyBasic(mountKey))).status).toBe(207);
    expect((await propfind(root, { apiKey: mountKey })).status).toBe(207);
    expect((await propfind(root, keyBasic(await key({ mount_permission: 0, text_permission: 1 })))).status).toBe(403);
    expect((await propfind(root, keyBasic('not-a-key'))).status).toBe(401);
    expect((await propfind(root, { bearer: 'not-a-session' })).status).toBe(401);
  });

  it('rate-limits failed Basic passwords like the admin login, without locking the admin out', async () => {
    const guess = { basic: ['someone', 'wrong guess'] } satisfies DavAuth;
    for (let i = 0; i < 5; i += 1) expect((await propfind(root, guess)).status).toBe(401);
    const limited = await propfind(root, guess);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await propfind(root, adminBasic)).status).toBe(207);
  });

  it('refuses PROPFIND with Depth infinity', async () => {
    const answer = await propfind(root, adminBasic, 'infinity');
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('propfind-finite-depth');
  });

  it('lets a read-only key read and refuses every write', async () => {
    const readOnly = keyBasic(await key({ read_only: 1 }));
    expect((await req('GET', at('/a/b/in.txt'), readOnly)).text).toBe('inside');
    const refused = [
      await req('PUT', at('/a/b/new.txt'), readOnly, { body: 'x' }),
      await req('PUT', at('/a/b/in.txt'), readOnly, { body: 'x' }),
      await req('MKCOL', at('/a/b/folder'), readOnly),
      await req('DELETE', at('/a/b/in.txt'), readOnly),
      await req('PROPPATCH', at('/a/b/in.txt'), readOnly, {
        body: '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x xmlns="urn:x">1</x></D:prop></D:set></D:propertyupdate>',
      }),
      await req('LOCK', at('/a/b/in.txt'), readOnly, {
        body: '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
      }),
      await req('MOVE', at('/a/b/in.txt'), readOnly, { headers: { destination: at('/a/b/moved.txt') } }),
      await req('COPY', at('/a/b/in.txt'), readOnly, { headers: { destination: at('/a/b/copied.txt') } }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 403));
    expect((await req('GET', at('/a/b/in.txt'), adminBasic)).text).toBe('inside');
  });

  it('keeps a key confined to /a/b inside it, for reads and writes, however the path is spelt', async () => {
    const confined = keyBasic(await key({ basic_path: `${h.mountPath}/a/b` }));
    expect(hrefsOf((await propfind(at('/a'), confined)).text)).toEqual([`${root}/a/`, `${root}/a/b/`]);
    expect(hrefsOf((await propfind(at('/a/b'), confined)).text)).toEqual([`${root}/a/b/`, `${root}/a/b/in.txt`]);
    expect((await req('PUT', at('/a/b/mine.txt'), confined, { body: 'mine' })).status).toBe(201);
    const outside = [
      await req('GET', at('/a/c/secret.txt'), confined),
      await req('GET', at('/a/b/%2e%2e/c/secret.txt'), confined),
      await propfind(at('/a/c'), confined),
      await req('PUT', at('/a/c/x.txt'), confined, { body: 'x' }),
      await req('PUT', at('/a/b/%2e%2e/c/x.txt'), confined, { body: 'x' }),
      await req('PUT', at('/a/b2.txt'), confined, { body: 'x' }),
      await req('MKCOL', at('/a/c/new'), confined),
      await req('DELETE', at('/a/c/secret.txt'), confined),
      await req('COPY', at('/a/b/in.txt'), confined, { headers: { destination: at('/a/c/copied.txt') } }),
      await req('COPY', at('/a/b/in.txt'), confined, {
        headers: { destination: `${h.server.baseUrl}${at('/a/b/%2e%2e/copied.txt')}` },
      }),
      await req('MOVE', at('/a/b/in.txt'), confined, { headers: { destination: at('/a/moved.txt') } }),
      await req('COPY', at('/a/c/secret.txt'), confined, { headers: { destination: at('/a/b/stolen.txt') } }),
    ];
    expect(outside.map((answer) => answer.status)).toEqual(outside.map(() => 403));
    for (const spelling of [
      '/a/b/../c/secret.txt',
      '/a/b/%2e%2e/c/secret.txt',
      '/a/b/%2E%2E/c/secret.txt',
      '/a/b/..%2fc/secret.txt',
      '/a/b/..%5cc/secret.txt',
    ]) {
      for (const method of ['GET', 'DELETE'])
        expect(await rawDav(h.server.baseUrl, method, at(spelling), confined), `${method} ${spelling}`).toBeOneOf([
          400, 403,
        ]);
    }
    expect((await req('GET', at('/a/c/secret.txt'), adminBasic)).text).toBe('secret');
    expect((await req('GET', at('/a/c/x.txt'), adminBasic)).status).toBe(404);
    expect((await req('GET', at('/a/b/stolen.txt'), adminBasic)).status).toBe(404);
  });
});
