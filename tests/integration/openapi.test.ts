// The OpenAPI document is generated from the shared endpoint definitions; these tests hold the
// server to it: every registered /api route is documented, every documented one is registered,
// and the document passes a standard OpenAPI 3.1 validator.
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiReference, apiReferenceAsset, openApiJson } from '@shared/api/docs.endpoints';
import { testApi } from '@tests/integration/support/api';
import { createApp } from '@server/app';
import { loadConfig } from '@server/config';
import { parseEnv } from '@server/env';
import { openApiPath } from '@server/http/openapi';
import { createLogger } from '@server/lib/logger';
import { allEndpoints } from '@shared/api/endpoints';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

describe('OpenAPI document', () => {
  let server: TestServer;
  let document: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    server = await startTestServer();
    const result = await testApi(server.baseUrl).send(openApiJson, {});
    expect(result.status).toBe(200);
    document = result.body as typeof document;
  });
  afterAll(() => server.close());

  it('passes the OpenAPI 3.1 schema validator', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents exactly the /api routes the app registers', async () => {
    const config = await loadConfig(parseEnv({ DATA_DIR: server.dataDir, NODE_ENV: 'test' }));
    const app = createApp({
      db: server.db,
      config,
      logger: createLogger({ level: 'silent' }),
      staticDir: join(server.dataDir, 'none'),
    });
    const registered = new Set(
      app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')) // raw: the app's registered routes
        .map((r) => `${r.method} ${openApiPath(r.path.slice('/api'.length))}`),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect([...registered].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !registered.has(route)).sort()).toEqual([]);
  });

  it('gives every operation an id, a tag and an error envelope for each failure it answers', () => {
    const ids = allEndpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, raw] of Object.entries(item)) {
        const operation = raw as { operationId?: string; tags?: string[]; responses: Record<string, unknown> };
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path}`).toBe(1);
        expect(
          Object.keys(operation.responses).some((status) => Number(status) >= 400),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('serves the API reference page and its assets from this origin', async () => {
    const page = await testApi(server.baseUrl).send(apiReference, {});
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js'] as const) {
      const asset = await testApi(server.baseUrl).send(apiReferenceAsset, { params: { file } });
      expect(asset.status, file).toBe(200);
      expect(asset.text.length, file).toBeGreaterThan(10);
    }
    expect((await call(server.baseUrl, 'GET', '/api/docs/other.js')).status).toBe(400); // raw: a file the contract refuses
  });
});
