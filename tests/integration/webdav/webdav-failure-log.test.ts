// An unexpected WebDAV failure is logged under the request's id, like every other route's, so the
// line a client's X-Request-Id names is found; the client hears a bare 500 without internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { adminBasic, dav, propfindBody } from './dav-harness';

describe.each(['sqlite', 'postgres'] as const)('a failing WebDAV request on %s', (kind) => {
  let h: FsHarness;
  beforeAll(async () => {
    const env = kind === 'postgres' ? { DATABASE_URL: await createTestDatabase('webdav_failure_log') } : {};
    h = await startFsHarness('local', { env });
  });
  afterAll(() => h.close());

  it('logs the failure with the request id the client sent and answers 500 without internals', async () => {
    // Dead properties are read on every PROPFIND: without their table the request fails unexpectedly.
    await h.server.db.schema.dropTable('webdav_props').execute();
    const answer = await dav(h.server.baseUrl, 'PROPFIND', `/dav${h.mountPath}/`, adminBasic, {
      headers: { depth: '1', 'x-request-id': `dav-boom-${kind}` },
      body: propfindBody,
    });
    expect(answer.status).toBe(500);
    expect(answer.text).toBe('internal error\n');
    const logged = h.server.logs.find((line) => line.msg === 'webdav request failed');
    expect(logged).toMatchObject({ level: 'error', reqId: `dav-boom-${kind}`, method: 'PROPFIND' });
  });
});
