// WebDAV locks are real write locks: they bind the principal that took them, they run out with
// their timeout, and only their owner (or the admin) may remove them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { ManualClock } from '@tests/support/manual-clock';
import { adminBasic, dav, keyBasic, type DavAuth } from './dav-harness';

const lockBody =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>tests</D:owner></D:lockinfo>';

describe('WebDAV locks', () => {
  let h: FsHarness;
  let other: DavAuth;
  // The server's clock: a lock's timeout runs out when the test moves it, not on the wall clock.
  const clock = new ManualClock(Date.now());
  const at = (path: string) => `/dav${h.mountPath}/locks${path}`;
  const req = (
    method: string,
    path: string,
    auth: DavAuth,
    init: { headers?: Record<string, string>; body?: string } = {},
  ) => dav(h.server.baseUrl, method, path, auth, init);
  const lock = async (path: string, auth: DavAuth, timeout = 'Second-600') => {
    const answer = await req('LOCK', path, auth, { headers: { timeout, depth: '0' }, body: lockBody });
    expect(answer.status).toBe(200);
    return answer.headers.get('lock-token') ?? '';
  };

  beforeAll(async () => {
    h = await startFsHarness('local', { clock });
    other = keyBasic((await insertApiKey(h.server.db, { mount_permission: 1 })).key);
    expect((await req('MKCOL', at(''), adminBasic)).status).toBe(201);
    for (const name of ['/timed.txt', '/owned.txt'])
      expect((await req('PUT', at(name), adminBasic, { body: 'v1' })).status).toBe(201);
  });
  afterAll(() => h.close());

  it('binds its token to the principal that took it, and lapses with its timeout', async () => {
    const token = await lock(at('/timed.txt'), adminBasic, 'Second-2');
    expect(token).toMatch(/^<opaquelocktoken:[0-9a-f-]{36}>$/);
    expect((await req('PUT', at('/timed.txt'), adminBasic, { body: 'no token' })).status).toBe(423);
    expect(
      (await req('PUT', at('/timed.txt'), other, { body: 'stolen token', headers: { if: `(${token})` } })).status,
    ).toBe(423);
    expect((await req('DELETE', at('/timed.txt'), other, { headers: { if: `(${token})` } })).status).toBe(423);
    expect((await req('PUT', at('/timed.txt'), adminBasic, { body: 'v2', headers: { if: `(${token})` } })).status).toBe(
      204,
    );
    clock.advance(1_999);
    expect((await req('PUT', at('/timed.txt'), other, { body: 'too early' })).status).toBe(423);
    // Two seconds after it was taken the lock has lapsed: the next write without a token goes through.
    clock.advance(1);
    const status = (await req('PUT', at('/timed.txt'), other, { body: 'v3' })).status;
    expect(status).toBe(204);
    expect((await req('GET', at('/timed.txt'), adminBasic)).text).toBe('v3');
  });

  it('is removed by its owner or the admin, not by another key', async () => {
    const token = await lock(at('/owned.txt'), adminBasic);
    expect((await req('UNLOCK', at('/owned.txt'), other, { headers: { 'lock-token': token } })).status).toBe(403);
    expect((await req('UNLOCK', at('/timed.txt'), adminBasic, { headers: { 'lock-token': token } })).status).toBe(409);
    expect((await req('UNLOCK', at('/owned.txt'), adminBasic, { headers: { 'lock-token': token } })).status).toBe(204);
    const keys = await lock(at('/owned.txt'), other);
    expect((await req('PUT', at('/owned.txt'), adminBasic, { body: 'x' })).status).toBe(423);
    expect((await req('UNLOCK', at('/owned.txt'), adminBasic, { headers: { 'lock-token': keys } })).status).toBe(204);
    expect((await req('PUT', at('/owned.txt'), adminBasic, { body: 'x' })).status).toBe(204);
  });
});
