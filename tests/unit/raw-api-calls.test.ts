// Integration tests call the API through the typed client (tests/integration/support/api.ts), so a
// renamed path or a changed schema breaks them at compile time. A hand-spelled /api/ address is
// allowed only where the raw wire is the test's point (a body or header the contract refuses, a
// route no endpoint defines, the bytes before fetch decodes them), marked `// raw: why` on the line
// or the line above, or for a whole file with `// raw file: why`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rawSitesIn, rawSitesUnder } from './raw-api-calls';

const root = join(import.meta.dirname, '..', '..');

describe('hand-spelled /api/ addresses in the integration tests', () => {
  it('appear only where marked `// raw:`; everything else names its endpoint', () => {
    const unmarked = rawSitesUnder(root, 'tests/integration').map((site) => `${site.file}:${site.line}: ${site.text}`);
    expect(unmarked).toEqual([]);
  });

  it('counts string addresses and skips titles, comments and marked sites', () => {
    const source = [
      "describe('/api/paste', () => {",
      "  it('/api/raw answers', async () => {",
      "    await call(baseUrl, 'POST', '/api/paste', { json });",
      '    await fetch(`\u0024{baseUrl}/api/raw/\u0024{slug}`);',
      '    // the address /api/paste in prose',
      '    // raw: a body the contract refuses',
      "    await call(baseUrl, 'POST', '/api/paste', { body: '{' });",
      "    await call(baseUrl, 'GET', '/api/health', { headers }); // raw: a header the client never sends",
      '    expect(html).toContain(`href="/api/raw/\u0024{slug}"`);',
      '  });',
      '});',
    ].join('\n');
    // An address inside markup counts too: a page's links are marked where a test reads them.
    expect(rawSitesIn('x.test.ts', source).map((site) => site.line)).toEqual([3, 4, 9]);
    expect(rawSitesIn('x.test.ts', `// raw file: the route table itself\n${source}`)).toEqual([]);
  });
});
