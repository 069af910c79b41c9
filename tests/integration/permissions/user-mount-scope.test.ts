import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVisibleMount, listVisibleMounts } from '@shared/api/mounts.endpoints';
import { ErrorCode } from '@shared/errors';
import { defaultLocalMountPath } from '@server/modules/storage-configs/storage-bootstrap.service';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { insertMount, insertStorageConfig } from '@tests/integration/admin/admin-fixtures';

describe('/api/user/mounts visibility from basic_path', () => {
  let server: TestServer;
  const ids: Record<string, string> = {};
  const keys: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer();
    const config = await insertStorageConfig(server.db);
    for (const path of ['/docs', '/docs/team', '/docsarchive', '/other', '/文档/报告'])
      ids[path] = await insertMount(server.db, config, path);
    ids['/docs/old'] = await insertMount(server.db, config, '/docs/old', { is_active: 0 });
    for (const base of ['/', '/docs', '/docs/team/reports', '/文档', '/nothing']) {
      keys[base] = (await insertApiKey(server.db, { mount_permission: 1, basic_path: base })).key;
    }
  });
  afterAll(() => server.close());

  const keyAt = (base: string) => testApi(server.baseUrl, asApiKey(keys[base] ?? 'no key'));
  const listFor = async (base: string, path?: string) =>
    (await keyAt(base).ok(listVisibleMounts, { query: { path } })).map((m) => m.mount_path);
  const getFor = (base: string, path: string) =>
    keyAt(base).ok(getVisibleMount, { params: { id: ids[path] ?? 'missing' } });

  it.each([
    ['/', ['/docs', '/docs/team', '/docsarchive', defaultLocalMountPath, '/other', '/文档/报告']],
    ['/docs', ['/docs', '/docs/team']],
    ['/docs/team/reports', ['/docs', '/docs/team']],
    ['/文档', ['/文档/报告']],
    ['/nothing', []],
  ])('a key based at %s sees %j (active only, whole segments)', async (base, expected) => {
    expect((await listFor(base)).sort()).toEqual([...expected].sort());
  });

  it('answers 404 for a mount outside the view, inactive or unknown', async () => {
    expect((await getFor('/docs', '/docs/team')).mount_path).toBe('/docs/team');
    await getFor('/docs/team/reports', '/docs');
    for (const path of ['/docsarchive', '/other', '/docs/old', 'missing'])
      await keyAt('/docs').fails(getVisibleMount, { params: { id: ids[path] ?? 'missing' } }, 404, ErrorCode.NotFound);
  });

  it('narrows the list to a path the key may walk through', async () => {
    expect(await listFor('/docs', '/docs/team')).toEqual(['/docs', '/docs/team']);
    expect(await listFor('/docs', '/docs/team/x/')).toEqual(['/docs', '/docs/team']);
    expect(await listFor('/docs', '/docs/..')).toEqual(['/docs', '/docs/team']);
    expect((await listFor('/docs/team/reports', '/')).sort()).toEqual(['/docs', '/docs/team']);
    expect(await listFor('/', '/%E6%96%87%E6%A1%A3')).toEqual(['/文档/报告']);
  });

  it.each([
    ['/docs/../docsarchive', 403],
    ['/docs/../other', 403],
    ['/docs/%2e%2e/other', 403],
    ['/docs/%2E%2E/%2e%2e', 400],
    ['/docs%2F..%2Fother', 400],
    ['/docs/%5c..', 400],
    ['/docs\\..\\other', 400],
    ['/docsarchive', 403],
    ['/doc', 403],
    ['docs', 400],
  ])('refuses the escape ?path=%s with %i', async (path, status) => {
    const code = status === 403 ? ErrorCode.Forbidden : ErrorCode.ValidationFailed;
    const error = await keyAt('/docs').fails(listVisibleMounts, { query: { path } }, status, code);
    expect(error.envelope.message).toContain('path');
  });

  it('needs mount permission; an admin holds every permission and sees every active mount', async () => {
    const { token } = await login(server.baseUrl);
    const all = await testApi(server.baseUrl, asAdmin(token)).ok(listVisibleMounts, {});
    expect(all.map((m) => m.mount_path).sort()).toEqual(
      ['/docs', '/docs/team', '/docsarchive', defaultLocalMountPath, '/other', '/文档/报告'].sort(),
    );
    const textOnly = (await insertApiKey(server.db, { text_permission: 1, file_permission: 1 })).key;
    const denied = await testApi(server.baseUrl, asApiKey(textOnly)).fails(
      listVisibleMounts,
      {},
      403,
      ErrorCode.Forbidden,
    );
    expect(denied.message).toContain('mount');
    await testApi(server.baseUrl).fails(listVisibleMounts, {}, 401, ErrorCode.Unauthorized);
  });
});
