// WebDAV as other clients speak it, on each driver: hostile request bodies are a 4xx naming the
// limit, an `If` header about a resource elsewhere is a 412 (RFC 4918 §10.4), and what a PUT
// stores and a PROPFIND reports is what clients read (types, dates, quota, expected lengths).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { drivers } from '@tests/integration/storage/storage-harness';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { z } from 'zod';
import { expectOk } from '@tests/integration/support/http';
import { adminBasic, authorization, dav, propfindBody } from './dav-harness';

const lockBody = (owner: string) =>
  `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>${owner}</D:owner></D:lockinfo>`;
const nested = (depth: number) => `<x:a xmlns:x="urn:x">${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</x:a>`;

describe.each(drivers)('WebDAV interoperability on the %s driver', (name) => {
  let h: FsHarness;
  const at = (path: string) => `/dav${h.mountPath}/interop${path}`;
  const req = (
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string | Uint8Array } = {},
  ) => dav(h.server.baseUrl, method, path, adminBasic, init);

  beforeAll(async () => {
    h = await startFsHarness(name);
    expect((await req('MKCOL', at(''))).status).toBe(201);
    expect((await req('PUT', at('/a.txt'), { body: 'a' })).status).toBe(201);
  });
  afterAll(() => h.close());

  it('refuses deeply nested XML in PROPFIND, PROPPATCH and LOCK with a 400 naming the limit', async () => {
    for (const depth of [200, 100_000]) {
      const bodies: [string, string, Record<string, string>][] = [
        [
          'PROPFIND',
          `<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop>${nested(depth)}</D:prop></D:propfind>`,
          { depth: '0' },
        ],
        [
          'PROPPATCH',
          `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>${nested(depth)}</D:prop></D:set></D:propertyupdate>`,
          {},
        ],
        ['LOCK', lockBody(nested(depth)), { depth: '0' }],
      ];
      for (const [method, body, headers] of bodies) {
        const answer = await req(method, at('/a.txt'), { body, headers });
        expect(answer.status, `${method} ${depth}: ${answer.text}`).toBe(400);
        expect(answer.text).toMatch(/nested deeper than 64 levels/);
      }
    }
    const fine = await req('PROPPATCH', at('/a.txt'), {
      body: `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>${nested(40)}</D:prop></D:set></D:propertyupdate>`,
    });
    expect(fine.status).toBe(207);
  });

  it('answers 412 to an If header naming a resource outside /dav, and honours its other lists', async () => {
    // raw: Destination headers outside /dav, one of them under /api
    const elsewhere = ['http://elsewhere.example/dav/a.txt', '/not-dav/a.txt', `${h.server.baseUrl}/api/a.txt`];
    for (const resource of elsewhere) {
      const answer = await req('PUT', at('/a.txt'), { body: 'b', headers: { if: `<${resource}> (["x"])` } });
      expect(answer.status, `${resource}: ${answer.text}`).toBe(412);
    }
    const etag = (await req('HEAD', at('/a.txt'))).headers.get('etag') ?? '';
    const either = `<http://elsewhere.example/x> (["x"]) <${h.server.baseUrl}${at('/a.txt')}> ([${etag}])`;
    expect((await req('PUT', at('/a.txt'), { body: 'c', headers: { if: either } })).status).toBe(204);
    expect((await req('GET', at('/a.txt'))).text).toBe('c');
  });

  it('stores the type the name says when the client sends a generic one, and keeps a specific one', async () => {
    const typeOf = async (path: string) => {
      const found = await req('PROPFIND', at(path), {
        headers: { depth: '0' },
        body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getcontenttype/></D:prop></D:propfind>',
      });
      return /<D:getcontenttype>([^<]*)</.exec(found.text)?.[1];
    };
    const puts: [string, string, string][] = [
      ['/form.pdf', 'application/x-www-form-urlencoded', 'application/pdf'],
      ['/octet.png', 'application/octet-stream', 'image/png'],
      ['/chosen.bin', 'image/webp', 'image/webp'],
      ['/plain.json', 'text/plain; charset=utf-8', 'text/plain'],
    ];
    for (const [path, sent, stored] of puts) {
      expect((await req('PUT', at(path), { body: 'x', headers: { 'content-type': sent } })).status).toBe(201);
      expect(await typeOf(path), path).toBe(stored);
    }
  });

  it('gives folders a getlastmodified in Depth 1 listings', async () => {
    expect((await req('MKCOL', at('/dated'))).status).toBe(201);
    expect((await req('MKCOL', at('/dated/inner'))).status).toBe(201);
    const listing = await req('PROPFIND', at('/dated'), { headers: { depth: '1' }, body: propfindBody });
    expect(listing.status).toBe(207);
    const responses = listing.text.split('<D:response>').slice(1);
    expect(responses).toHaveLength(2);
    for (const response of responses) {
      const modified = /<D:getlastmodified>([^<]*)</.exec(response)?.[1] ?? '';
      expect(modified, response).not.toBe('');
      expect(Date.parse(modified)).toBeGreaterThan(Date.parse('2020-01-01'));
    }
  });

  it('reports RFC 4331 quota properties when asked', async () => {
    const quota = async () => {
      const answer = await req('PROPFIND', at(''), {
        headers: { depth: '0' },
        body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>',
      });
      expect(answer.status).toBe(207);
      return {
        available: /<D:quota-available-bytes>(\d+)</.exec(answer.text)?.[1],
        used: /<D:quota-used-bytes>(\d+)</.exec(answer.text)?.[1],
      };
    };
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
        params: { id: h.configId },
        body: { total_storage_bytes: 10 * 1024 * 1024 },
      }),
      z.unknown(),
    );
    const limited = await quota();
    expect(Number(limited.used)).toBeGreaterThan(0);
    expect(Number(limited.available) + Number(limited.used)).toBe(10 * 1024 * 1024);
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateStorageConfig, {
        params: { id: h.configId },
        body: { total_storage_bytes: null },
      }),
      z.unknown(),
    );
    const open = await quota();
    expect(Number(open.used)).toBeGreaterThan(0);
    // The local driver reports its disk's free space; an S3 bucket without a quota has no limit to report.
    if (name === 'local') expect(Number(open.available)).toBeGreaterThan(0);
    else expect(open.available).toBeUndefined();
    const all = await req('PROPFIND', at(''), { headers: { depth: '0' }, body: propfindBody });
    expect(all.text).not.toContain('quota-');
  });

  it('honours X-Expected-Entity-Length: 413 before the body over the limit, a short body refused and not stored', async () => {
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateSystemSettings, {
        body: { max_upload_size: 1, max_upload_size_unit: 'MB' },
      }),
      z.unknown(),
    );
    const chunked = (path: string, bytes: Uint8Array, expected: number) =>
      fetch(`${h.server.baseUrl}${at(path)}`, {
        method: 'PUT',
        headers: { ...authorization(adminBasic), 'x-expected-entity-length': String(expected) },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(bytes);
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit & { duplex: 'half' });
    const over = await chunked('/big.bin', new Uint8Array(10), 5 * 1024 * 1024).catch(() => null);
    if (over !== null) expect(over.status).toBe(413);
    const short = await chunked('/short.bin', new Uint8Array(10), 20);
    expect(short.status).toBe(400);
    expect(await short.text()).toMatch(/ended after 10 of its declared 20 bytes/);
    expect((await req('HEAD', at('/short.bin'))).status).toBe(404);
    expect((await req('HEAD', at('/big.bin'))).status).toBe(404);
    expect((await chunked('/exact.bin', new Uint8Array(20), 20)).status).toBe(201);
  });
});
