// Test support: the whole app (real router, providers, auth machine and API client) on a memory
// history, talking to an in-test backend through the injected fetch, the app's HTTP boundary.
import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { createAppServices } from '../app/app-services';
import { AppRoot } from '../app/app-root';
import { createI18n } from '../app/i18n';
import { createAppRouter } from '../app/router';

/** Answers one request (path without /api, init, query); undefined means 404, a rejected promise a network failure. */
type Handler = (path: string, init: RequestInit, query: URLSearchParams) => Response | Promise<Response> | undefined;

export function envelope(data: unknown, code = 200): Response {
  return new Response(JSON.stringify({ code, message: 'ok', success: true, data }), {
    status: code,
    headers: { 'content-type': 'application/json' },
  });
}

export function failureResponse(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ code: status, message, success: false, data: { error } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function stubMatchMedia(prefersDark = false): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: prefersDark,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

/** Every test of the file starts signed in as the admin, on a light-themed window, and cleans up after. */
export function signedInAsAdmin(): void {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('admin_token', 'tok-1');
    stubMatchMedia();
  });
  afterEach(cleanup);
}

export async function renderApp(path: string, handler: Handler = () => undefined) {
  const requests: { path: string; init: RequestInit; query: URLSearchParams }[] = [];
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const apiPath = url.pathname.replace(/^\/api/, '');
    requests.push({ path: apiPath, init, query: url.searchParams });
    return (await handler(apiPath, init, url.searchParams)) ?? failureResponse(404, 'NOT_FOUND', 'no such route');
  };
  const storage = window.localStorage;
  const i18n = createI18n(storage, 'en-US');
  const services = createAppServices(storage, fetchImpl);
  const router = createAppRouter(i18n, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const view = render(<AppRoot i18n={i18n} storage={storage} services={services} router={router} />);
  return { ...view, router, services, requests };
}
