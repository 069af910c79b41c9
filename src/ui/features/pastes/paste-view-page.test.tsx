import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { unrenderedMarkdownHtml } from '@shared/markdown/unrendered';
import { NodeWebWorker } from '@tests/unit/support/node-web-worker';
import { envelope, failureResponse, renderApp, stubMatchMedia } from '@ui/testing/render-app';

const meta = {
  slug: 'notes',
  format: 'markdown',
  requiresPassword: true,
  remark: null,
  hasPassword: true,
  expiresAt: null,
  maxViews: 2,
  views: 0,
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
  canEdit: false,
};

/** What the server answers for a protected paste before its password: nothing about the paste. */
const locked = { slug: 'notes', requiresPassword: true, hasPassword: true, canEdit: false };

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
});

afterEach(cleanup);

// jsdom has no Web Worker: the real Markdown worker module runs in a Node thread, which may take
// seconds to start on a busy machine.
beforeAll(() => {
  vi.stubGlobal('Worker', NodeWebWorker);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
const workerTime = { timeout: 60_000 };

describe('paste view page', { timeout: 120_000 }, () => {
  it('asks for the password, explains a wrong one, then renders the Markdown', async () => {
    await renderApp('/paste/notes', (path, init) => {
      if (path !== '/paste/notes') return undefined;
      if (init.method !== 'POST') return envelope(locked);
      const { password } = JSON.parse(String(init.body)) as { password: string };
      if (password !== 'right') return failureResponse(401, 'WRONG_PASSWORD', 'wrong password');
      return envelope({
        ...meta,
        requiresPassword: false,
        views: 1,
        content: '# Hello\n\n| a |\n|---|\n| cell |',
        rawToken: 'tok',
      });
    });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open paste' }));
    expect(await screen.findByText('Incorrect password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open paste' }));
    expect(await screen.findByRole('heading', { name: 'Hello' }, workerTime)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'cell' })).toBeInTheDocument();
    expect(screen.getByTestId('paste-views')).toHaveTextContent('1 of 2');
    expect(screen.getByRole('link', { name: 'Open raw text' })).toHaveAttribute('href', '/api/raw/notes?token=tok');
  });

  it('shows nothing about a protected paste before its password, then its remark and details', async () => {
    await renderApp('/paste/notes', (path, init) => {
      if (path !== '/paste/notes') return undefined;
      if (init.method !== 'POST') return envelope(locked);
      return envelope({ ...meta, remark: 'the secret remark', requiresPassword: false, views: 1, content: 'text' });
    });
    const password = await screen.findByLabelText('Password');
    const page = password.closest('section');
    expect(page).not.toBeNull();
    expect(page?.textContent).not.toMatch(/remark|Views|Expires|Created/);
    expect(screen.queryByTestId('paste-views')).toBeNull();

    fireEvent.change(password, { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open paste' }));
    expect(await screen.findByText('the secret remark')).toBeInTheDocument();
    expect(screen.getByTestId('paste-views')).toHaveTextContent('1 of 2');
  });

  it('asks the server for rendered Markdown and shows its HTML instead of rendering the source', async () => {
    const open = {
      ...meta,
      requiresPassword: false,
      hasPassword: false,
      content: '# Source',
      html: '<h2>Rendered by the server</h2>',
    };
    await renderApp('/paste/notes', (path, _init, query) =>
      path === '/paste/notes' && query.get('render') === 'html' ? envelope(open) : undefined,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Rendered by the server' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Source' })).toBeNull();
  });

  it('shows Markdown the server found too complex as written, under a note, without rendering it', async () => {
    const content = '<b>bold?</b> _a_a_a';
    const view = { ...meta, requiresPassword: false, hasPassword: false, content };
    await renderApp('/paste/notes', (path) =>
      path === '/paste/notes'
        ? envelope({ ...view, html: unrenderedMarkdownHtml(content), unrendered: 'too-complex' })
        : undefined,
    );
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This Markdown is too complex to render, so it is shown as plain text.',
    );
    expect(screen.getByText(content).tagName).toBe('PRE');
    expect(document.querySelector('.paste-content b, .paste-content em')).toBeNull();
  });

  it('renders a paste the server was too busy for in the browser', async () => {
    const content = '# Rendered here';
    const view = { ...meta, requiresPassword: false, hasPassword: false, content };
    await renderApp('/paste/notes', (path) =>
      path === '/paste/notes'
        ? envelope({ ...view, html: unrenderedMarkdownHtml(content), unrendered: 'busy' })
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Rendered here' }, workerTime)).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a plain-text paste as written, and offers Edit only with the id of an editable paste', async () => {
    const plain = { ...meta, requiresPassword: false, hasPassword: false, format: 'plain', content: '# not a heading' };
    await renderApp('/paste/notes', (path) => (path === '/paste/notes' ? envelope(plain) : undefined));
    expect((await screen.findByText('# not a heading')).tagName).toBe('PRE');
    expect(screen.queryByRole('heading', { name: 'not a heading' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    cleanup();

    await renderApp('/paste/notes', (path) =>
      path === '/paste/notes' ? envelope({ ...plain, canEdit: true, id: 'p-1' }) : undefined,
    );
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('shows the retry time when password attempts are rate limited', async () => {
    await renderApp('/paste/notes', (_path, init) =>
      init.method === 'POST'
        ? new Response(
            JSON.stringify({
              code: 429,
              message: 'slow down',
              success: false,
              data: { error: 'RATE_LIMITED', retryAfterSeconds: 90 },
            }),
            {
              status: 429,
              headers: { 'content-type': 'application/json' },
            },
          )
        : envelope(locked),
    );
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open paste' }));
    expect(await screen.findByText('Too many attempts, try again in 90 seconds.')).toBeInTheDocument();
  });

  it('has clear screens for a missing and for an expired paste', async () => {
    const backend = (path: string) => (path === '/paste/gone' ? failureResponse(410, 'GONE', 'expired') : undefined);
    await renderApp('/paste/gone', backend);
    expect(await screen.findByRole('heading', { name: 'Paste no longer available' })).toBeInTheDocument();
    cleanup();
    await renderApp('/paste/missing', backend);
    expect(await screen.findByRole('heading', { name: 'Paste not found' })).toBeInTheDocument();
  });

  it('asks before showing a view-limited paste: nothing is read until "Show it", then one read', async () => {
    const open = { ...meta, requiresPassword: false, hasPassword: false, maxViews: 2, views: 1, content: 'once' };
    const { requests } = await renderApp('/paste/notes', (path, _init, query) => {
      if (path !== '/paste/notes') return undefined;
      if (query.get('reveal') === 'ask') return envelope({ slug: 'notes', requiresReveal: true, viewsLeft: 2 });
      return envelope({ ...open, html: '<p>the shown content</p>' });
    });
    const show = await screen.findByRole('button', { name: 'Show it: this can be viewed 2 more times' });
    expect(screen.queryByText('the shown content')).toBeNull();
    expect(screen.queryByTestId('paste-views')).toBeNull();
    const reads = () => requests.filter((r) => r.path === '/paste/notes');
    expect(reads().map((r) => r.query.get('reveal'))).toEqual(['ask']);

    fireEvent.click(show);
    expect(await screen.findByText('the shown content')).toBeInTheDocument();
    expect(screen.getByTestId('paste-views')).toHaveTextContent('1 of 2');
    expect(reads().map((r) => [r.query.get('reveal'), r.query.get('render')])).toEqual([
      ['ask', 'html'],
      [null, 'html'],
    ]);
  });

  it('says "used up" when the view was spent by someone else before "Show it", in Chinese too', async () => {
    window.localStorage.setItem('language', 'zh');
    await renderApp('/paste/notes', (path, _init, query) => {
      if (path !== '/paste/notes') return undefined;
      if (query.get('reveal') === 'ask') return envelope({ slug: 'notes', requiresReveal: true, viewsLeft: 1 });
      return failureResponse(410, 'GONE', 'paste has expired or reached its view limit');
    });
    fireEvent.click(await screen.findByRole('button', { name: '显示内容：还可查看 1 次' }));
    expect(await screen.findByRole('heading', { name: '分享已不可用' })).toBeInTheDocument();
  });

  it('offers the page link as a QR code on demand, from the keyboard too', async () => {
    const open = { ...meta, requiresPassword: false, hasPassword: false, maxViews: null, content: 'text' };
    await renderApp('/paste/notes', (path) => (path === '/paste/notes' ? envelope(open) : undefined));
    const toggle = await screen.findByRole('button', { name: 'QR code' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide QR code' })).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('img', { name: 'QR code for this page' })).toBeInTheDocument();
  });
});
