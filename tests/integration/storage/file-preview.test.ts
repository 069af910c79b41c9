// GET /api/file-preview/:slug on each driver: what the share page shows of a text file, rendered
// and sanitised here, at one view per access token like the deliveries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicFile, verifyFilePassword, filePreview } from '@shared/api/file.endpoints';
import { testApi } from '@tests/integration/support/api';
import { filePreviewSchema, publicFileSchema, verifiedFileSchema } from '@shared/api/file-share.schema';
import { ErrorCode } from '@shared/errors';
import { unrenderedMarkdownHtml } from '@shared/markdown/unrendered';
import { FileRepo } from '@server/modules/files/file.repo';
import { expectError, expectOk } from '@tests/integration/support/http';
import { download, drivers, startHarness, uploadFile, type Harness } from './storage-harness';

const LIMIT = 256 * 1024;

describe.each(drivers)('text previews on the %s driver', (name) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(name);
  });
  afterAll(() => h.close());

  const tokenOf = async (slug: string) =>
    expectOk(await testApi(h.server.baseUrl).send(getPublicFile, { params: { slug } }), publicFileSchema)
      .access_token ?? '';
  const preview = (slug: string, token?: string) =>
    testApi(h.server.baseUrl).send(filePreview, { params: { slug }, query: token === undefined ? {} : { token } });
  const views = async (id: string) => (await new FileRepo(h.server.db).findById(id))?.views;

  it('renders Markdown sanitised with highlighted code, and costs one view with the download', async () => {
    const source =
      '# Notes\n\n<img src=x onerror="alert(1)"> [go](javascript:alert(2))\n\n```ts\nconst port = 8787;\n```\n';
    const file = await uploadFile(h, 'notes.md', Buffer.from(source), { mimetype: 'text/markdown' });
    const token = await tokenOf(file.slug);
    const shown = expectOk(await preview(file.slug, token), filePreviewSchema);
    expect(shown).toMatchObject({ markdown: true, truncated: false, limit_bytes: LIMIT });
    expect(shown.html).toContain('<h1>Notes</h1>');
    expect(shown.html).toContain('<span class="hljs-keyword">const</span>');
    expect(shown.html).not.toMatch(/onerror|javascript:/);
    expect(
      (await download(h, file.slug, 'download', { redirect: 'manual' }, `?token=${encodeURIComponent(token)}`)).status,
    ).toBeLessThan(400);
    expect(await views(file.id)).toBe(1);
  });

  it('highlights code by its extension and escapes plain text', async () => {
    const code = await uploadFile(h, 'server.ts', Buffer.from('export const answer = 42;\n'), {
      mimetype: 'application/octet-stream',
    });
    const codeShown = expectOk(await preview(code.slug, await tokenOf(code.slug)), filePreviewSchema);
    expect(codeShown.markdown).toBe(false);
    expect(codeShown.html).toContain('<span class="hljs-keyword">export</span>');
    const text = await uploadFile(h, 'notes.txt', Buffer.from('<script>alert(1)</script> & more'), {
      mimetype: 'text/plain',
    });
    expect(expectOk(await preview(text.slug, await tokenOf(text.slug)), filePreviewSchema).html).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; more',
    );
    const empty = await uploadFile(h, 'empty.txt', Buffer.alloc(0), { mimetype: 'text/plain' });
    expect(expectOk(await preview(empty.slug, await tokenOf(empty.slug)), filePreviewSchema)).toMatchObject({
      html: '',
      truncated: false,
    });
  });

  it('shows only the first 256 KB of a longer file and says so', async () => {
    const line = `${'é'.repeat(50)}\n`;
    const long = Buffer.from(line.repeat(Math.ceil((LIMIT * 2) / Buffer.byteLength(line))));
    const file = await uploadFile(h, 'huge.log', long, { mimetype: 'text/plain' });
    const shown = expectOk(await preview(file.slug, await tokenOf(file.slug)), filePreviewSchema);
    expect(shown.truncated).toBe(true);
    expect(shown.html.startsWith(line)).toBe(true);
    expect(Buffer.byteLength(shown.html)).toBeLessThanOrEqual(LIMIT + 3);
    expect(Buffer.byteLength(shown.html)).toBeGreaterThan(LIMIT - 200);
  });

  it('refuses a file without a text preview, and a protected one without a valid token', async () => {
    const pdf = await uploadFile(h, 'page.pdf', Buffer.from('%PDF-1.4'), { mimetype: 'application/pdf' });
    const refused = expectError(await preview(pdf.slug, await tokenOf(pdf.slug)), 400, ErrorCode.BadRequest);
    expect(refused.message).toMatch(/no text preview.*pdf/);
    expect(await views(pdf.id)).toBe(0);

    const secret = await uploadFile(h, 'secret.md', Buffer.from('# hidden'), {
      mimetype: 'text/markdown',
      password: 'pw-1',
    });
    expectError(await preview(secret.slug), 401, ErrorCode.PasswordRequired);
    expectError(await preview(secret.slug, 'forged'), 403, ErrorCode.Forbidden);
    const verified = await testApi(h.server.baseUrl).send(verifyFilePassword, {
      params: { slug: secret.slug },
      body: { password: 'pw-1' },
    });
    const token = expectOk(verified, verifiedFileSchema).access_token;
    expect(expectOk(await preview(secret.slug, token), filePreviewSchema).html).toBe('<h1>hidden</h1>\n');
    expect(await views(secret.id)).toBe(1);
  });

  it('lets the visit that spent the only view of a one-view share download it too, and nobody after', async () => {
    const source = Buffer.from('# once\n');
    const file = await uploadFile(h, 'once.md', source, { mimetype: 'text/markdown', max_views: 1 });
    const token = await tokenOf(file.slug);
    expect(expectOk(await preview(file.slug, token), filePreviewSchema).html).toBe('<h1>once</h1>\n');
    const fetched = await download(h, file.slug, 'download', {}, `?token=${encodeURIComponent(token)}`);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(source)).toBe(true);
    expect(await views(file.id)).toBe(1);
    expect((await download(h, file.slug, 'download')).status).toBe(410);
    expectError(await preview(file.slug), 410, ErrorCode.Gone);
    expectError(await preview(file.slug, 'not-this-visit'), 410, ErrorCode.Gone);
  });

  it('answers Markdown too complex to render as its text escaped, saying so, never a 500', async () => {
    const source = `<b>${'_a'.repeat(60_000)}`;
    const file = await uploadFile(h, 'hostile.md', Buffer.from(source), { mimetype: 'text/markdown' });
    const shown = expectOk(await preview(file.slug, await tokenOf(file.slug)), filePreviewSchema);
    expect(shown.unrendered).toBe('too-complex');
    expect(shown.html === unrenderedMarkdownHtml(source)).toBe(true);
  });

  it('answers 404 for an unknown share', async () => {
    expectError(await preview('no-such-share'), 404, ErrorCode.NotFound);
  });
});
