// The home page for a visitor with no session: it paints before the app's services exist, asks
// for them once its frame is painted, and what the visitor does before they arrive waits for them.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { envelope, renderAppDeferred, stubMatchMedia } from '@ui/testing/render-app';

const created = {
  id: 'p1',
  slug: 'early-note',
  url: 'http://app.test/paste/early-note',
  format: 'plain',
  expiresAt: null,
  maxViews: null,
  hasPassword: false,
  createdAt: '2030-01-01T00:00:00Z',
};

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
});

afterEach(cleanup);

describe('the home page before the services exist', () => {
  it('paints signed out, then asks for the services by itself once painted', async () => {
    const { source, asked, release } = await renderAppDeferred('/');
    expect(await screen.findByRole('heading', { name: 'New paste' })).toBeInTheDocument();
    expect(screen.getByText(/You are not signed in/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Admin' }),
    ).toBeInTheDocument();
    expect(source.current()).toBeNull();
    // jsdom reports no paints: the services come in idle time after the fallback wait.
    await waitFor(() => expect(asked.count).toBe(1), { timeout: 15_000 });
    release();
    await waitFor(() => expect(source.current()).not.toBeNull());
    expect(asked.count).toBe(1);
  });

  it('sends a paste submitted before they exist once they do, exactly once', async () => {
    const { release, requests } = await renderAppDeferred('/', (path) =>
      path === '/paste' ? envelope(created, 201) : undefined,
    );
    fireEvent.click(await screen.findByLabelText('Plain text'));
    fireEvent.change(screen.getByLabelText('Paste content'), { target: { value: 'typed early' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create paste' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(requests.filter((sent) => sent.path === '/paste')).toHaveLength(0);
    release();
    expect(await screen.findByTestId('share-link')).toHaveAttribute('href', created.url);
    const posts = requests.filter((sent) => sent.path === '/paste');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.init.body))).toMatchObject({ content: 'typed early', format: 'plain' });
    expect(new Headers(posts[0]?.init.headers).has('Authorization')).toBe(false);
  });
});
