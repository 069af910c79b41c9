// WebDAV as other clients speak it, on each driver: hostile request bodies are a 4xx naming the
// limit, an `If` header about a resource elsewhere is a 412 (RFC 4918 §10.4), and what a PUT
// stores and a PROPFIND reports is what clients read (types, dates, quota, expected lengths).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '@tests/integration/storage/storage-harness';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { adminBasic, dav } from './dav-harness';

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
});
