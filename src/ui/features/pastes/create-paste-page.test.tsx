import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureResponse, renderApp, stubMatchMedia } from '@ui/testing/render-app';

type Sent = { path: string; init: RequestInit };
type Answer = (path: string, attempt: number) => Response | Promise<Response>;

/** The home page on a backend that answers each path by its attempt number. */
async function renderHome(answer: Answer): Promise<Sent[]> {
  const attempts = new Map<string, number>();
  const { requests } = await renderApp('/', (path) => {
    const attempt = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, attempt);
    return answer(path, attempt);
  });
  return requests;
}

const created = {
  id: 'p1',
  slug: 'hello-note',
  url: 'http://app.test/paste/hello-note',
  format: 'plain',
  expiresAt: null,
  maxViews: 3,
  hasPassword: false,
  createdAt: '2030-01-01T00:00:00Z',
};

function fillPlainPaste() {
  fireEvent.click(screen.getByLabelText('Plain text'));
  fireEvent.change(screen.getByLabelText('Paste content'), { target: { value: 'hello' } });
  fireEvent.change(screen.getByLabelText('Maximum views'), { target: { value: '3' } });
  fireEvent.change(screen.getByLabelText('Custom link suffix (optional)'), { target: { value: 'hello-note' } });
}

const keyOf = (sent: Sent | undefined) => new Headers(sent?.init.headers).get('Idempotency-Key');

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('admin_token', 'tok-1');
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('home: creating a paste', () => {
  it('checks the link suffix inline, from its first blur on, without submitting', async () => {
    const sent = await renderHome(() => envelope(created, 201));
    const slug = screen.getByLabelText('Custom link suffix (optional)');
    fireEvent.change(slug, { target: { value: 'new' } });
    expect(slug).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(slug);
    const reserved = await screen.findByText('This link suffix is reserved, try another.');
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAttribute('aria-describedby', reserved.id);
    fireEvent.change(slug, { target: { value: 'newsletter' } });
    expect(screen.queryByText('This link suffix is reserved, try another.')).toBeNull();
    expect(slug).not.toHaveAttribute('aria-invalid');
    expect(slug).not.toHaveAttribute('aria-describedby');
    fireEvent.change(slug, { target: { value: 'news letter' } });
    expect(screen.getByText('Use only letters, digits, hyphens and underscores.')).toBeInTheDocument();
    fireEvent.change(slug, { target: { value: 'news-letter' } });
    expect(screen.queryByText('Use only letters, digits, hyphens and underscores.')).toBeNull();
    expect(screen.queryByText('Write something before creating the paste.')).toBeNull();
    expect(sent.filter((s) => s.path === '/paste')).toHaveLength(0);
  });

  it('shows every problem on submit, even in a suffix never left, and sends nothing', async () => {
    const sent = await renderHome(() => envelope(created, 201));
    fireEvent.change(screen.getByLabelText('Custom link suffix (optional)'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    expect(await screen.findByText('Write something before creating the paste.')).toBeInTheDocument();
    expect(screen.getByText('This link suffix is reserved, try another.')).toBeInTheDocument();
    expect(sent.filter((s) => s.path === '/paste')).toHaveLength(0);
  });

  it('sends the options with an Idempotency-Key and shows the share link', async () => {
    const sent = await renderHome(() => envelope(created, 201));
    fillPlainPaste();
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    expect(await screen.findByTestId('share-link')).toHaveAttribute('href', created.url);
    const post = sent.find((s) => s.path === '/paste');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      content: 'hello',
      format: 'plain',
      slug: 'hello-note',
      maxViews: 3,
    });
    expect(keyOf(post)).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Headers(post?.init.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(screen.getByRole('timer')).toHaveTextContent('This link is hidden in 60 s');
  });

  it('reuses the key when the same paste is retried, and explains a taken suffix', async () => {
    const sent = await renderHome((path, attempt) => {
      if (path !== '/paste') return failureResponse(404, 'NOT_FOUND', 'no');
      if (attempt === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return failureResponse(409, 'SLUG_TAKEN', 'slug "hello-note" is already taken');
    });
    fillPlainPaste();
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    expect(await screen.findByText('Network connection failed.')).toHaveAttribute('role', 'alert');
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    expect(await screen.findByText('Link suffix already taken, try another.')).toBeInTheDocument();
    const posts = sent.filter((s) => s.path === '/paste');
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(keyOf(posts[1])).toBe(keyOf(posts[0]));
  });

  it('retries an expiring paste with the same body and key, and starts a new key once the form changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2030-01-01T00:00:00Z'));
    const sent = await renderHome((path, attempt) => {
      if (path !== '/paste') return failureResponse(404, 'NOT_FOUND', 'no');
      if (attempt < 3) return Promise.reject(new TypeError('Failed to fetch'));
      return envelope(created, 201);
    });
    fillPlainPaste();
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: '1h' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    expect(await screen.findByText('Network connection failed.')).toBeInTheDocument();
    vi.setSystemTime(Date.parse('2030-01-01T00:00:05Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    const posts = sent.filter((s) => s.path === '/paste');
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]?.init.body).toBe(posts[0]?.init.body);
    expect(JSON.parse(String(posts[0]?.init.body))).toMatchObject({ expiresAt: '2030-01-01T01:00:00.000Z' });
    expect(keyOf(posts[1])).toBe(keyOf(posts[0]));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Create paste' })).toBeEnabled());
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: '1d' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    expect(await screen.findByTestId('share-link')).toHaveAttribute('href', created.url);
    const third = sent.filter((s) => s.path === '/paste')[2];
    expect(JSON.parse(String(third?.init.body))).toMatchObject({ expiresAt: '2030-01-02T00:00:05.000Z' });
    expect(keyOf(third)).not.toBe(keyOf(posts[0]));
  });

  it('tells a key without text permission to sign in differently instead of offering a failing form', async () => {
    window.localStorage.clear();
    window.localStorage.setItem('api_key', 'no-text');
    window.localStorage.setItem('api_key_permissions', JSON.stringify({ text: false, file: true, mount: false }));
    await renderHome(() => failureResponse(404, 'NOT_FOUND', 'no'));
    expect(await screen.findByText(/This API key has no text permission/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to admin login' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('button', { name: 'Create paste' })).toBeNull();
  });
});
