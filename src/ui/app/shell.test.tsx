import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, stubMatchMedia } from '@ui/testing/render-app';

beforeEach(() => {
  window.localStorage.clear();
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  delete document.documentElement.dataset['theme'];
});

describe('app shell', () => {
  it('shows the main navigation, a translated title and the footer', async () => {
    const { router } = await renderApp('/upload');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Upload', 'Mount explorer', 'Admin']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(await screen.findByRole('heading', { name: 'Upload files' })).toBeInTheDocument();
    expect(screen.getByText(/Uploading needs an admin login/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Upload files · Clipdock'));
    expect(screen.getByText(`© ${new Date().getFullYear()} Clipdock`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Source code' })).toHaveAttribute(
      'href',
      'https://github.com/clipdock/clipdock',
    );
    expect(router.state.location.pathname).toBe('/upload');
  });

  it('sends unknown paths home', async () => {
    const { router } = await renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'New paste' })).toBeInTheDocument();
  });

  it('cycles the theme auto → light → dark and remembers it', async () => {
    await renderApp('/');
    const button = screen.getByRole('button', { name: /Theme: auto/ });
    fireEvent.click(button);
    expect(screen.getByRole('button', { name: /Theme: light/ })).toBeInTheDocument();
    expect(document.documentElement.dataset['theme']).toBe('light');
    fireEvent.click(button);
    expect(window.localStorage.getItem('themeMode')).toBe('dark');
    expect(document.documentElement.dataset['theme']).toBe('dark');
  });

  it('switches the language and remembers it', async () => {
    await renderApp('/');
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'zh' } });
    expect(await screen.findByRole('link', { name: '首页' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('opens the mobile menu and closes it on Escape and on navigation', async () => {
    const { router } = await renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    fireEvent.click(toggle);
    await act(() => router.navigate({ to: '/upload' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
