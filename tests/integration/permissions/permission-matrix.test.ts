import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@shared/api/endpoints';
import { ErrorCode } from '@shared/errors';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { parseEnv } from '@server/env';
import { createLogger } from '@server/lib/logger';
import { MountRepo } from '@server/modules/mounts/mount.repo';
import { StorageConfigRepo } from '@server/modules/storage-configs/storage-config.repo';
import { insertFile, insertKeySet, insertMount, insertStorageConfig } from '@tests/integration/admin/admin-fixtures';
import { login } from '@tests/integration/support/auth-helpers';
import { call, expectError, type CallOptions } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import {
  callers,
  isOtherGuardedRoute,
  isWriteRow,
  matrixRows,
  otherGuardedRows,
  type Caller,
  type MatrixIds,
  type MatrixRow,
} from './route-matrix';

// raw: the registered routes are read as method and path, so the guarded prefixes are spelled
const guardedPrefixes = ['/api/admin/', '/api/user/'];
// raw: the one public route under /api/admin, as the app registers it
const publicRoutes = new Set(['POST /api/admin/login']);

describe('permission matrix', () => {
  let server: TestServer;
  let keys: Awaited<ReturnType<typeof insertKeySet>>;
  let ids: MatrixIds;
  let clientNumber = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    keys = await insertKeySet(server.db);
    const storageConfigId = await insertStorageConfig(server.db);
    const localConfig = await new StorageConfigRepo(server.db).findDefault();
    if (localConfig?.driver !== 'local' || localConfig.is_public !== 1)
      throw new Error('expected the public bootstrap local config as the default');
    ids = {
      storageConfigId,
      localConfigId: localConfig.id,
      mountId: await insertMount(server.db, storageConfigId, '/shared'),
      fileId: await insertFile(server.db, localConfig.id, { created_by: 'admin:matrix' }),
      localMountId: (await new MountRepo(server.db).findByPath('/local'))?.id ?? '',
    };
  });
  afterAll(() => server.close());

  /** Each call comes from its own address, so the expired-key failures never trip the IP limit. */
  async function credentials(caller: Caller): Promise<CallOptions> {
    clientNumber += 1;
    const headers = { 'x-forwarded-for': `10.9.${Math.floor(clientNumber / 250)}.${clientNumber % 250}` };
    if (caller === 'none') return { headers };
    if (caller === 'admin') return { headers, token: (await login(server.baseUrl)).token };
    return { headers, apiKey: keys[caller] };
  }

  async function registeredRoutes(belongs: (method: string, path: string) => boolean): Promise<Set<string>> {
    const config = await loadConfig(parseEnv({ DATA_DIR: server.dataDir, NODE_ENV: 'test' }));
    const app = createApp({
      db: server.db,
      config,
      logger: createLogger({ level: 'silent' }),
      staticDir: join(server.dataDir, 'none'),
    });
    return new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && belongs(r.method, r.path))
        .map((r) => `${r.method} ${r.path}`)
        .filter((route) => !publicRoutes.has(route)),
    );
  }

  function expectSameRoutes(registered: Set<string>, rows: MatrixRow[]): void {
    const covered = new Set(rows.map((row) => `${row.method} ${row.route}`));
    expect([...registered].filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !registered.has(route))).toEqual([]);
  }

  it('has a row for every guarded /api/admin and /api/user route the app registers', async () => {
    expectSameRoutes(
      await registeredRoutes((_method, path) => guardedPrefixes.some((prefix) => path.startsWith(prefix))),
      matrixRows,
    );
  });

  it('has a row for every storage config, upload, paste-creation and credential-test route the app registers', async () => {
    const registered = await registeredRoutes(isOtherGuardedRoute);
    expect(registered.size).toBeGreaterThan(0);
    expectSameRoutes(registered, otherGuardedRows);
  });

  it('expects a read-only key to be refused on every write row', () => {
    const writes = [...matrixRows, ...otherGuardedRows].filter(isWriteRow);
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((row) => row.expected.readOnly !== 403).map((row) => `${row.method} ${row.route}`)).toEqual(
      [],
    );
  });

  it('marks every endpoint a key can reach with another method than GET as a write, unless reviewed as a read', () => {
    const reachable = allEndpoints.filter((endpoint) => endpoint.access !== 'admin' && endpoint.access !== 'signed');
    const unmarked = reachable
      .filter((endpoint) => isWriteRow({ method: endpoint.method, route: `/api${endpoint.path}` }))
      .filter((endpoint) => endpoint.writes !== true)
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(unmarked).toEqual([]);
  });

  describe.each([...matrixRows, ...otherGuardedRows])('$method $route', (row) => {
    it.each(callers)('as %s', async (caller) => {
      const expected = row.expected[caller];
      const json = row.body?.(ids, caller);
      const raw = row.raw?.();
      const { headers, ...auth } = await credentials(caller);
      const options: CallOptions =
        raw === undefined
          ? { ...auth, headers, json }
          : { ...auth, headers: { ...headers, 'content-type': raw.contentType }, body: raw.body };
      const result = await call(server.baseUrl, row.method, row.path?.(ids) ?? row.route, options);
      expect(result.status, `${caller}: ${result.text}`).toBe(expected);
      if (expected === 401)
        expectError(
          result,
          401,
          caller === 'none' ? (row.anonymousError ?? ErrorCode.Unauthorized) : ErrorCode.ApiKeyInvalid,
        );
      if (expected === 403) expectError(result, 403, ErrorCode.Forbidden);
      if (expected === 400) expectError(result, 400, ErrorCode.ValidationFailed);
    });
  });
});
