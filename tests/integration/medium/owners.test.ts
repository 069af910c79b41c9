// Who a secret or an owner tag names, on real SQLite and PostgreSQL, without HTTP: the api-keys
// domain's lookups (a key past its expiry is not live; sign-in marks a key used, a lookup by id
// does not; an overlong secret is not looked up) and the auth domain's owner lookup that a file
// request's uploads act through, with the file-request rule on top (a key must still hold file
// and mount permission and be writable).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyLookupService } from '@server/modules/api-keys/api-key-lookup.service';
import { ownerTag } from '@server/modules/auth/auth.types';
import { OwnerLookupService } from '@server/modules/auth/owner-lookup.service';
import { ownerOf } from '@server/modules/file-requests/file-request-common';
import type { FileRequestRow } from '@server/modules/file-requests/file-request.repo';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { databaseKinds, openMedium, type Medium } from './medium-harness';

const hour = 60 * 60 * 1000;

describe.each(databaseKinds)('API keys and owners on %s', (kind) => {
  let m: Medium;
  let keys: ApiKeyLookupService;
  let owners: OwnerLookupService;
  beforeAll(async () => {
    m = await openMedium(kind, 'owners');
    keys = new ApiKeyLookupService(m.repos);
    owners = new OwnerLookupService(m.repos, keys);
  });
  afterAll(() => m.close());

  const nowIso = () => new Date(m.clock.now()).toISOString();
  const inHours = (hours: number) => new Date(m.clock.now() + hours * hour).toISOString();
  const lastUsed = async (id: string) => (await m.repos.apiKeys.findById(id))?.last_used_at;
  const newAdmin = async () => {
    const id = randomUUID();
    const at = nowIso();
    await m.repos.admins.insert({
      id,
      username: `admin-${id.slice(0, 8)}`,
      password_hash: 'x',
      created_at: at,
      updated_at: at,
    });
    return id;
  };
  /** The owner side of a request row: only `created_by` matters to `ownerOf`. */
  const requestBy = (createdBy: string) => ({ created_by: createdBy }) as FileRequestRow;

  it('signs a live key in by its secret and marks it used; an expired or overlong one is not found', async () => {
    const live = await insertApiKey(m.db, { expires_at: inHours(1), file_permission: 1, read_only: 1 });
    const found = await keys.bySecret(live.key, nowIso());
    expect(found).toMatchObject({ kind: 'apikey', keyId: live.id, readOnly: true });
    expect(found?.permissions).toEqual({ text: false, file: true, mount: false });
    expect(await lastUsed(live.id)).toBe(nowIso());

    const expired = await insertApiKey(m.db, { expires_at: nowIso() });
    expect(await keys.bySecret(expired.key, nowIso())).toBeUndefined();
    expect(await lastUsed(expired.id)).toBeNull();
    expect(await keys.bySecret('x'.repeat(513), nowIso())).toBeUndefined();
  });

  it('finds a live key by id without marking it used', async () => {
    const key = await insertApiKey(m.db, { expires_at: inHours(1) });
    expect(await keys.byId(key.id, nowIso())).toMatchObject({ kind: 'apikey', keyId: key.id });
    expect(await lastUsed(key.id)).toBeNull();
    expect(await keys.byId(key.id, inHours(2))).toBeUndefined();
  });

  it('names the admin or live key behind an owner tag, and nobody once they are gone', async () => {
    const adminId = await newAdmin();
    const admin = await owners.callerOf(`admin:${adminId}`, nowIso());
    expect(admin).toMatchObject({ kind: 'admin', adminId, tokenHash: null });
    expect(await owners.callerOf(`admin:${randomUUID()}`, nowIso())).toBeNull();

    const key = await insertApiKey(m.db, { expires_at: inHours(1) });
    const keyOwner = await owners.callerOf(`apikey:${key.id}`, nowIso());
    expect(keyOwner).toMatchObject({ kind: 'apikey', keyId: key.id });
    if (keyOwner === null) throw new Error('the key is live');
    expect(ownerTag(keyOwner)).toBe(`apikey:${key.id}`);
    expect(await owners.callerOf(`apikey:${key.id}`, inHours(2))).toBeNull();
    expect(await owners.callerOf(key.id, nowIso())).toBeNull();
  });

  it('lets a file request act for its maker only while a key can still write files into mounts', async () => {
    const adminId = await newAdmin();
    expect(await ownerOf(owners, requestBy(`admin:${adminId}`), nowIso())).toMatchObject({ kind: 'admin', adminId });
    const writer = await insertApiKey(m.db, { file_permission: 1, mount_permission: 1, read_only: 0 });
    expect(await ownerOf(owners, requestBy(`apikey:${writer.id}`), nowIso())).toMatchObject({ keyId: writer.id });
    for (const shrunk of [{ read_only: 1 }, { mount_permission: 0 }, { file_permission: 0 }]) {
      const key = await insertApiKey(m.db, { file_permission: 1, mount_permission: 1, read_only: 0, ...shrunk });
      expect(await ownerOf(owners, requestBy(`apikey:${key.id}`), nowIso())).toBeNull();
    }
  });
});
