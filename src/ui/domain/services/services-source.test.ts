import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAdminToken } from '@shared/api/auth.endpoints';
import { createAppServices } from '@ui/app/app-services';
import { deferredServices, readyServices, withServices } from './services-source';

const tokenCheck = { username: 'admin' };
const answering = () =>
  vi.fn<typeof fetch>(async () =>
    Response.json({ code: 200, message: 'ok', success: true, data: tokenCheck }, { status: 200 }),
  );

beforeEach(() => window.localStorage.clear());
afterEach(() => window.localStorage.clear());

describe('deferred services', () => {
  it('are created once, on the first ask, however many ask at once', async () => {
    const create = vi.fn(async () => createAppServices(window.localStorage, answering()));
    const source = deferredServices(create, () => '/api');
    expect(create).not.toHaveBeenCalled();
    expect(source.current()).toBeNull();
    const [first, second] = await Promise.all([source.ready(), source.ready()]);
    expect(create).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
    expect(source.current()).toBe(first);
  });

  it('build addresses before they exist as the client does after', async () => {
    const source = deferredServices(
      async () => createAppServices(window.localStorage, answering()),
      () => '/api/',
    );
    const inputs = { params: { slug: 'a b' }, query: { token: 't', skip: undefined } } as const;
    const before = source.api.url({ path: '/public/files/:slug' } as never, inputs as never);
    expect(before).toBe('/api/public/files/a%20b?token=t');
    await source.ready();
    expect(source.api.url({ path: '/public/files/:slug' } as never, inputs as never)).toBe(before);
  });

  it('create themselves for an API call made before they exist, and pass it on', async () => {
    const fetchImpl = answering();
    const source = deferredServices(
      async () => createAppServices(window.localStorage, fetchImpl),
      () => '/api',
    );
    const reply = await source.api.call(checkAdminToken, { credentials: { scheme: 'admin', token: 'tok' } });
    expect(reply).toEqual(tokenCheck);
    expect(source.current()).not.toBeNull();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('tell their subscribers once when created, and run a task at once when they already are', async () => {
    const source = deferredServices(
      async () => createAppServices(window.localStorage, answering()),
      () => '/api',
    );
    const seen: unknown[] = [];
    const cancelled = vi.fn();
    withServices(source, (services) => seen.push(services));
    const cancel = withServices(source, cancelled);
    cancel();
    const services = await source.ready();
    expect(seen).toEqual([services]);
    expect(cancelled).not.toHaveBeenCalled();
    withServices(source, (again) => seen.push(again));
    expect(seen).toEqual([services, services]);
  });

  it('try again on the next ask after a creation failed (a chunk that could not load)', async () => {
    let attempt = 0;
    const source = deferredServices(
      async () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return createAppServices(window.localStorage, answering());
      },
      () => '/api',
    );
    await expect(source.ready()).rejects.toThrow(TypeError);
    expect(source.current()).toBeNull();
    const services = await source.ready();
    expect(source.current()).toBe(services);
    expect(attempt).toBe(2);
  });
});

describe('ready services', () => {
  it('are there from the start, with their own client', async () => {
    const services = createAppServices(window.localStorage, answering());
    const source = readyServices(services);
    expect(source.current()).toBe(services);
    expect(source.api).toBe(services.api);
    await expect(source.ready()).resolves.toBe(services);
  });
});
