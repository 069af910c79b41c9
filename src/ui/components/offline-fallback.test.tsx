import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@ui/app/i18n';
import { RouteError } from '@ui/app/route-error';

const chunkError = new TypeError('Failed to fetch dynamically imported module: https://app.test/assets/upload-page.js');

/** RouteError as the router shows it, with a history of two pages to go back through. */
async function renderRouteError(language: 'en' | 'zh') {
  window.localStorage.setItem('language', language);
  const history = createMemoryHistory({ initialEntries: ['/', '/upload'], initialIndex: 1 });
  const rootRoute = createRootRoute({ component: () => <RouteError error={chunkError} reset={() => undefined} /> });
  const router = createRouter({ routeTree: rootRoute, history });
  await router.load();
  render(
    <I18nextProvider i18n={createI18n(window.localStorage, 'en-US')}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return history;
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('RouteError for a chunk that could not load', () => {
  it('shows the translated offline fallback with its three actions', async () => {
    await renderRouteError('zh');
    const page = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { name: '页面暂不可用' })).toBeInTheDocument();
    expect(page).toHaveTextContent('此页面暂时无法访问，请检查网络连接。');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: '返回上一页' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('retries by reloading the page, and goes back to the previous one', async () => {
    const history = await renderRouteError('en');
    const go = vi.spyOn(history, 'go');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(go).toHaveBeenCalledExactlyOnceWith(0);

    fireEvent.click(screen.getByRole('button', { name: 'Back to previous page' }));
    expect(history.location.pathname).toBe('/');
  });
});
