// A paste whose Markdown takes the renderer far past its budget: the server keeps answering
// everyone else while it is rendered, and answers the paste itself as escaped text, never a 500.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getHealth } from '@shared/api/system.endpoints';
import { viewPaste } from '@shared/api/paste.endpoints';
import { testApi } from '@tests/integration/support/api';
import { pasteViewSchema } from '@shared/api/paste.schema';
import { unrenderedMarkdownHtml } from '@shared/markdown/unrendered';
import { login } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste } from './paste-helpers';

describe('rendering a hostile paste', { timeout: 180_000 }, () => {
  let server: TestServer;
  let token: string;
  beforeEach(async () => {
    server = await startTestServer();
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  it('keeps /api/health answering while it renders, then answers the paste escaped and flagged', async () => {
    // 31.6 s on the event loop before renders moved to workers.
    const source = '_a'.repeat(125_000);
    const { slug } = await createPaste(server.baseUrl, { content: source }, { token });

    const startedAt = performance.now();
    let renderedAt: number | undefined;
    const rendering = testApi(server.baseUrl)
      .send(viewPaste, { params: { slug }, query: { render: 'html' } })
      .then((result) => {
        renderedAt = performance.now();
        return result;
      });
    const healthWaits: number[] = [];
    while (renderedAt === undefined) {
      const asked = performance.now();
      expect((await testApi(server.baseUrl).send(getHealth, {})).status).toBe(200);
      if (renderedAt === undefined) healthWaits.push(performance.now() - asked);
    }
    const view = expectOk(await rendering, pasteViewSchema);
    const renderTook = renderedAt - startedAt;

    expect(view.unrendered).toBe('too-complex');
    expect(view.html === unrenderedMarkdownHtml(source)).toBe(true);
    expect(view.content === source).toBe(true);
    // Health answered again and again while the paste was rendered, and none of its answers
    // waited for a large part of the render (on the event loop, one waited for all of it).
    expect(healthWaits.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...healthWaits)).toBeLessThan(renderTook / 2);
  });
});
