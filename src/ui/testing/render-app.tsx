// Test support: the whole app (real router, providers, auth machine and API client) on a memory
// history, talking to an in-test backend through the injected fetch, the app's HTTP boundary.
import { createMemoryHistory } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { createAppServices } from '@ui/app/app-services';
import { AppRoot } from '@ui/app/app-root';
import { createI18n } from '@ui/app/i18n';
import { createAppRouter } from '@ui/app/router';
import { deferredServices, readyServices, type ServicesSource } from '@ui/domain/services/services-source';

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

function backend(handler: Handler) {
  const requests: { path: string; init: RequestInit; query: URLSearchParams }[] = [];
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const apiPath = url.pathname.replace(/^\/api/, '');
    requests.push({ path: apiPath, init, query: url.searchParams });
    return (await handler(apiPath, init, url.searchParams)) ?? failureResponse(404, 'NOT_FOUND', 'no such route');
  };
  return { requests, fetchImpl };
}

async function renderWith(path: string, services: ServicesSource) {
  const storage = window.localStorage;
  const i18n = createI18n(storage, 'en-US');
  const router = createAppRouter(i18n, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return { ...render(<AppRoot i18n={i18n} storage={storage} services={services} router={router} />), router };
}

export async function renderApp(path: string, handler: Handler = () => undefined) {
  const { requests, fetchImpl } = backend(handler);
  const services = createAppServices(window.localStorage, fetchImpl);
  return { ...(await renderWith(path, readyServices(services))), services, requests };
}

/**
 * The app as a visitor with no session meets a page that paints without the services: they are
 * created once asked for, and only after `release()`, so a test sees what happens before.
 */
export async function renderAppDeferred(path: string, handler: Handler = () => undefined) {
  const { requests, fetchImpl } = backend(handler);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked = { count: 0 };
  const source = deferredServices(
    async () => {
      asked.count += 1;
      await released;
      return createAppServices(window.localStorage, fetchImpl);
    },
    () => '/api',
  );
  return { ...(await renderWith(path, source)), source, asked, release, requests };
}
