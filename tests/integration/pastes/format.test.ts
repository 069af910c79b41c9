import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockedPasteViewSchema, pasteViewSchema } from '@shared/api/paste.schema';
import {
  adminPasteEndpoints,
  listAdminPastes,
  unlockPaste,
  userPasteEndpoints,
  viewPaste as viewPasteEndpoint,
} from '@shared/api/paste.endpoints';
import { ErrorCode } from '@shared/errors';
import { asAdmin, asApiKey, testApi } from '@tests/integration/support/api';
import { insertApiKey, login } from '@tests/integration/support/auth-helpers';
import { call, expectError, expectOk } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, postPaste, viewPaste } from './paste-helpers';

describe('paste format', () => {
  let server: TestServer;
  let token: string;
  beforeEach(async () => {
    server = await startTestServer();
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  const make = (body: Parameters<typeof createPaste>[1]) => createPaste(server.baseUrl, body, { token });
  const admin = () => testApi(server.baseUrl, asAdmin(token));
  const anyone = () => testApi(server.baseUrl);
  /** An update with any body, the ones the contract refuses included. */
  const rawUpdate = (id: string, json: unknown) =>
    call(server.baseUrl, 'PUT', `/api/admin/pastes/${id}`, { token, json }); // raw: a format the contract refuses

  it('stores plain and Markdown pastes, Markdown when omitted, and returns the format everywhere', async () => {
    const plain = await make({ content: '# not a heading', format: 'plain' });
    const markdown = await make({ content: '# heading', format: 'markdown' });
    const omitted = await make({ content: 'default' });
    expect([plain.format, markdown.format, omitted.format]).toEqual(['plain', 'markdown', 'markdown']);

    expect(await viewPaste(server.baseUrl, plain.slug)).toMatchObject({ format: 'plain', content: '# not a heading' });
    expect((await viewPaste(server.baseUrl, markdown.slug)).format).toBe('markdown');
    expect((await viewPaste(server.baseUrl, omitted.slug)).format).toBe('markdown');

    const list = await admin().ok(listAdminPastes, {});
    expect(Object.fromEntries(list.items.map((item) => [item.slug, item.format]))).toEqual({
      [plain.slug]: 'plain',
      [markdown.slug]: 'markdown',
      [omitted.slug]: 'markdown',
    });
    expect((await admin().ok(adminPasteEndpoints.get, { params: { id: plain.id } })).format).toBe('plain');
  });

  it('tells the format of a protected paste only once it is unlocked', async () => {
    const { slug } = await make({ content: 'secret', format: 'plain', password: 'pw-1' });
    const locked = lockedPasteViewSchema.parse(await anyone().ok(viewPasteEndpoint, { params: { slug } }));
    expect(locked).not.toHaveProperty('format');
    const unlocked = await anyone().send(unlockPaste, { params: { slug }, body: { password: 'pw-1' } });
    expect(unlocked.body).toMatchObject({ data: { content: 'secret', format: 'plain' } });
  });

  it('adds sanitised, highlighted HTML for Markdown when asked with render=html, and only then', async () => {
    const source = '# Notes\n\n<img src=x onerror="alert(1)"> [go](javascript:alert(2))\n\n```js\nconst a = 1;\n```';
    const markdown = await make({ content: source });
    const plain = await make({ content: '# not a heading', format: 'plain' });
    const view = (slug: string) => anyone().ok(viewPasteEndpoint, { params: { slug }, query: { render: 'html' } });
    const rendered = pasteViewSchema.parse(await view(markdown.slug));
    expect(rendered.content).toBe(source);
    expect(rendered.html).toContain('<h1>Notes</h1>');
    expect(rendered.html).toContain('<span class="hljs-keyword">const</span>');
    expect(rendered.html).not.toMatch(/onerror|javascript:/);
    expect((await viewPaste(server.baseUrl, markdown.slug)).html).toBeUndefined();
    const plainView = pasteViewSchema.parse(await view(plain.slug));
    expect(plainView).toMatchObject({ content: '# not a heading' });
    expect(plainView.html).toBeUndefined();
    expectError(
      // raw: a render= value the contract refuses
      await call(server.baseUrl, 'GET', `/api/paste/${markdown.slug}?render=pdf`),
      400,
      ErrorCode.ValidationFailed,
    );
  });

  it('renders a protected paste only once it is unlocked', async () => {
    const { slug } = await make({ content: '**secret**', password: 'pw-1' });
    const locked = await anyone().send(viewPasteEndpoint, { params: { slug }, query: { render: 'html' } });
    expect(expectOk(locked, lockedPasteViewSchema)).toMatchObject({ requiresPassword: true });
    expect(locked.text).not.toContain('secret');
    const unlocked = await anyone().ok(unlockPaste, {
      params: { slug },
      query: { render: 'html' },
      body: { password: 'pw-1' },
    });
    expect(unlocked.html).toBe('<p><strong>secret</strong></p>\n');
  });

  it('changes the format on update, for the admin and for the creating key', async () => {
    const created = await make({ content: 'text' });
    const updated = await admin().ok(adminPasteEndpoints.update, {
      params: { id: created.id },
      body: { format: 'plain' },
    });
    expect(updated).toMatchObject({ format: 'plain', content: 'text' });
    expect((await viewPaste(server.baseUrl, created.slug)).format).toBe('plain');

    const owner = await insertApiKey(server.db, { text_permission: 1 });
    const own = await createPaste(server.baseUrl, { content: 'key text', format: 'plain' }, { apiKey: owner.key });
    const back = await testApi(server.baseUrl, asApiKey(owner.key)).ok(userPasteEndpoints.update, {
      params: { id: own.id },
      body: { format: 'markdown' },
    });
    expect(back.format).toBe('markdown');
  });

  it.each([
    ['create', () => postPaste(server.baseUrl, { content: 'x', format: 'html' }, { token })],
    ['create with an empty format', () => postPaste(server.baseUrl, { content: 'x', format: '' }, { token })],
    ['update', async () => rawUpdate((await make({ content: 'x' })).id, { format: 'rich' })],
  ])('refuses an unknown format on %s with 400 naming the field', async (_name, send) => {
    const error = expectError(await send(), 400, ErrorCode.ValidationFailed);
    expect(error.data.issues?.map((issue) => issue.path)).toContain('format');
    expect(error.message).toContain('format');
  });

  it('makes a text/plain upload a Markdown paste', async () => {
    // raw: a text/plain body, which the typed client sends only as JSON
    const result = await call(server.baseUrl, 'POST', '/api/paste', {
      token,
      body: 'plain body',
      headers: { 'content-type': 'text/plain' },
    });
    expect(result.status).toBe(201);
    const row = await server.db.selectFrom('pastes').select('format').executeTakeFirstOrThrow();
    expect(row.format).toBe('markdown');
  });
});
