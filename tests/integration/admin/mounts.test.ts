import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteMount, getMount, listMounts } from '@shared/api/mounts.endpoints';
import { mountViewSchema } from '@shared/api/mount.schema';
import { ErrorCode } from '@shared/errors';
import { defaultLocalMountPath } from '@server/modules/storage-configs/storage-bootstrap.service';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk, type CallResult } from '@tests/integration/support/http';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { insertMount, insertStorageConfig } from './admin-fixtures';

describe('/api/admin/mounts', () => {
  let server: TestServer;
  let token: string;
  let s3Config: string;
  let localConfig: string;
  let clock: ManualClock;
  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    server = await startTestServer({ clock });
    token = (await login(server.baseUrl)).token;
    s3Config = await insertStorageConfig(server.db, { driver: 's3' });
    localConfig = await insertStorageConfig(server.db, { driver: 'local', provider_type: 'local' });
  });
  afterEach(() => server.close());

  const admin = () => testApi(server.baseUrl, asAdmin(token));
  const valid = () => ({ name: 'Docs', storage_type: 's3', storage_config_id: s3Config, mount_path: '/docs' });
  // raw: any body, the ones the contract refuses included
  const create = (json: unknown) => call(server.baseUrl, 'POST', '/api/admin/mounts', { token, json });
  // raw: any body, the ones the contract refuses included
  const update = (id: string, json: unknown) => call(server.baseUrl, 'PUT', `/api/admin/mounts/${id}`, { token, json });
  const fieldsOf = (result: CallResult) =>
    expectError(result, 400, ErrorCode.ValidationFailed).data.issues?.map((i) => i.path);
  const pathIssue = async (mountPath: string) => fieldsOf(await create({ ...valid(), mount_path: mountPath }));

  it('creates a mount with defaults and the admin as creator', async () => {
    const { adminId } = await server.db.selectFrom('admins').select('id as adminId').executeTakeFirstOrThrow();
    const mount = expectOk(await create(valid()), mountViewSchema, 201);
    expect(mount).toMatchObject({
      name: 'Docs',
      storage_type: 's3',
      storage_config_id: s3Config,
      mount_path: '/docs',
      remark: null,
      is_active: true,
      sort_order: 0,
      cache_ttl: 300,
      created_by: `admin:${adminId}`,
      last_refresh_at: null,
    });
    expect(mount.created_at).toBe(mount.updated_at);
    expect(await admin().ok(getMount, { params: { id: mount.id } })).toEqual(mount);
  });

  it('lists by sort order, then name (the bootstrap /local mount sits at sort order 0)', async () => {
    for (const [name, path, sort] of [
      ['b', '/b', 1],
      ['a', '/a', 1],
      ['z', '/z', -1],
    ] as const) {
      expectOk(await create({ ...valid(), name, mount_path: path, sort_order: sort }), mountViewSchema, 201);
    }
    const list = await admin().ok(listMounts, {});
    expect(list.map((m) => [m.name, m.sort_order])).toEqual([
      ['z', -1],
      ['Local', 0],
      ['a', 1],
      ['b', 1],
    ]);
    expect(list.find((m) => m.name === 'Local')?.mount_path).toBe(defaultLocalMountPath);
  });

  it('validates the name: required, 1 to 50 characters', async () => {
    expect(fieldsOf(await create({ ...valid(), name: undefined }))).toEqual(['name']);
    expect(fieldsOf(await create({ ...valid(), name: '' }))).toEqual(['name']);
    expect(fieldsOf(await create({ ...valid(), name: 'n'.repeat(51) }))).toEqual(['name']);
    expectOk(await create({ ...valid(), name: 'n'.repeat(50) }), mountViewSchema, 201);
  });

  it('validates the mount path shape', async () => {
    expect(await pathIssue('')).toContain('mount_path');
    for (const bad of ['docs', '/docs/', '/a//b', '/', '/a b', '/a.b', '/a/../b', '/ümlaut', `/${'a'.repeat(100)}`]) {
      expect(await pathIssue(bad), bad).toContain('mount_path');
    }
    for (const good of ['/x_y-z/09', '/文档/图片', `/${'a'.repeat(99)}`]) {
      expectOk(await create({ ...valid(), mount_path: good }), mountViewSchema, 201);
    }
  });

  it('refuses system-reserved paths and paths below them', async () => {
    const reserved = ['/bin', '/etc', '/lib', '/root', '/sys', '/proc', '/dev', '/tmp', '/opt', '/var'];
    const app = [
      '/api',
      '/admin',
      '/user',
      '/auth',
      '/public',
      '/static',
      '/assets',
      '/upload',
      '/paste',
      '/file',
      '/mount-explorer',
      '/dav',
    ];
    for (const path of [...reserved, ...app, '/API', '/dav/sub']) {
      const error = expectError(await create({ ...valid(), mount_path: path }), 400, ErrorCode.ValidationFailed);
      expect(error.message, path).toContain('reserved');
    }
    expectOk(await create({ ...valid(), mount_path: '/binaries' }), mountViewSchema, 201);
  });

  it('refuses a duplicate mount path with 409, on create and update', async () => {
    expectOk(await create(valid()), mountViewSchema, 201);
    expectError(await create({ ...valid(), name: 'again' }), 409, ErrorCode.Conflict);
    const other = expectOk(await create({ ...valid(), mount_path: '/other' }), mountViewSchema, 201);
    expectError(await update(other.id, { mount_path: '/docs' }), 409, ErrorCode.Conflict);
  });

  it('validates cache_ttl (0..86400 whole seconds) and sort_order (integer)', async () => {
    for (const bad of [-1, 86_401, 1.5, '300']) {
      expect(fieldsOf(await create({ ...valid(), cache_ttl: bad })), String(bad)).toEqual(['cache_ttl']);
    }
    expect(fieldsOf(await create({ ...valid(), sort_order: 0.5 }))).toEqual(['sort_order']);
    const zero = expectOk(await create({ ...valid(), cache_ttl: 0, sort_order: -3 }), mountViewSchema, 201);
    expect(zero).toMatchObject({ cache_ttl: 0, sort_order: -3 });
    expectOk(await create({ ...valid(), mount_path: '/max', cache_ttl: 86_400 }), mountViewSchema, 201);
  });

  it('requires a storage type matching an existing storage config', async () => {
    expect(fieldsOf(await create({ ...valid(), storage_type: undefined }))).toEqual(['storage_type']);
    expect(fieldsOf(await create({ ...valid(), storage_type: 'ftp' }))).toEqual(['storage_type']);
    expect(fieldsOf(await create({ ...valid(), storage_config_id: undefined }))).toEqual(['storage_config_id']);
    expect(fieldsOf(await create({ ...valid(), storage_config_id: 'missing' }))).toEqual(['storage_config_id']);
    expect(fieldsOf(await create({ ...valid(), storage_config_id: localConfig }))).toEqual(['storage_type']);
    expectOk(await create({ ...valid(), storage_type: 'local', storage_config_id: localConfig }), mountViewSchema, 201);
  });

  it('updates partially, keeps the creator and moves updated_at', async () => {
    const mount = expectOk(await create(valid()), mountViewSchema, 201);
    clock.advance(1_000);
    const edited = expectOk(
      await update(mount.id, { name: 'Renamed', is_active: false, remark: 'note', cache_ttl: 60 }),
      mountViewSchema,
    );
    expect(edited).toMatchObject({
      name: 'Renamed',
      is_active: false,
      remark: 'note',
      cache_ttl: 60,
      mount_path: '/docs',
      created_by: mount.created_by,
    });
    expect(edited.updated_at > mount.updated_at).toBe(true);
    expect(fieldsOf(await update(mount.id, { storage_config_id: localConfig }))).toEqual(['storage_type']);
    const moved = expectOk(
      await update(mount.id, { storage_type: 'local', storage_config_id: localConfig }),
      mountViewSchema,
    );
    expect(moved.storage_type).toBe('local');
    expectError(await update(mount.id, {}), 400, ErrorCode.ValidationFailed);
    expect(fieldsOf(await update(mount.id, { mount_path: '/etc' }))).toEqual(['mount_path']);
  });

  it('answers 404 for unknown ids and deletes a mount', async () => {
    await admin().fails(getMount, { params: { id: 'missing' } }, 404, ErrorCode.NotFound);
    expectError(await update('missing', { name: 'x' }), 404, ErrorCode.NotFound);
    const id = await insertMount(server.db, s3Config, '/seeded');
    expect(await admin().ok(deleteMount, { params: { id } })).toBeNull();
    await admin().fails(deleteMount, { params: { id } }, 404, ErrorCode.NotFound);
  });
});
