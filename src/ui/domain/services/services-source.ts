// Where the screens get the app's services (src/ui/app/app-services.ts: the API client, the auth
// actor, the offline queue, the task registry). A visitor with no stored session who opens a page
// that paints without them (the home page) gets its first paint before their code, the state
// machine library with it, is even downloaded: the source is then "deferred" and creates them
// once asked. Everyone else gets them created before the first render, as a ready source.
// Only types come from the services' modules here, so the first paint's code carries none of them.
import type { TaskRegistry } from '@machines/task-registry';
import type { ApiClient } from '@shared/http/api-client';
import { endpointAddress } from '@shared/http/endpoint';
import type { AuthActor } from '@ui/domain/session/auth-provider';
import type { OfflineQueue } from '@ui/domain/offline-queue/offline-queue';
import type { SessionEnd } from '@ui/domain/session/session-end';

/** What src/ui/app/app-services.ts creates. */
export type AppServices = {
  api: ApiClient;
  auth: AuthActor;
  sessionEnd: SessionEnd;
  offline: OfflineQueue;
  tasks: TaskRegistry;
};

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's screen paints without the services: a visitor with no session gets them after it. */
    paintsWithoutServices?: boolean;
  }
}

export type ServicesSource = {
  /** The API client, usable at once: calls made before the services exist wait for them. */
  api: ApiClient;
  /** The services, or null until they are created. */
  current(): AppServices | null;
  /** The services, creating them if no one has asked yet; the same promise on every call. */
  ready(): Promise<AppServices>;
  /** Called once when the services are created (never, if they already are). */
  subscribe(onReady: () => void): () => void;
};

export function readyServices(services: AppServices): ServicesSource {
  const settled = Promise.resolve(services);
  return { api: services.api, current: () => services, ready: () => settled, subscribe: () => () => undefined };
}

/**
 * Services created by `create` on the first `ready()` or API call; a failed creation is retried on
 * the next. Addresses are built from `baseUrl` until then, as the client builds them.
 */
export function deferredServices(create: () => Promise<AppServices>, baseUrl: () => string): ServicesSource {
  let services: AppServices | null = null;
  let pending: Promise<AppServices> | null = null;
  const listeners = new Set<() => void>();
  const ready = (): Promise<AppServices> => {
    pending ??= create().then(
      (created) => {
        services = created;
        for (const listener of [...listeners]) listener();
        listeners.clear();
        return created;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const api: ApiClient = {
    call: (endpoint, options) =>
      services === null ? ready().then(({ api }) => api.call(endpoint, options)) : services.api.call(endpoint, options),
    raw: (endpoint, options) =>
      services === null ? ready().then(({ api }) => api.raw(endpoint, options)) : services.api.raw(endpoint, options),
    url: (endpoint, inputs) =>
      services === null ? endpointAddress(baseUrl(), endpoint, inputs) : services.api.url(endpoint, inputs),
  };
  return {
    api,
    current: () => services,
    ready,
    subscribe: (onReady) => {
      if (services !== null) return () => undefined;
      listeners.add(onReady);
      return () => {
        listeners.delete(onReady);
      };
    },
  };
}

/** Runs `task` with the services once they exist (at once if they do); returns the cancel. */
export function withServices(source: ServicesSource, task: (services: AppServices) => void): () => void {
  const now = source.current();
  if (now !== null) {
    task(now);
    return () => undefined;
  }
  return source.subscribe(() => {
    const created = source.current();
    if (created !== null) task(created);
  });
}

/**
 * For an external store over part of the services: subscribes `onChange` through `watch` once
 * the services exist, and calls it then. Returns the unsubscribe.
 */
export function watchServices(
  source: ServicesSource | null,
  watch: (services: AppServices, onChange: () => void) => () => void,
  onChange: () => void,
): () => void {
  if (source === null) return () => undefined;
  let stop: (() => void) | undefined;
  const cancel = withServices(source, (services) => {
    stop = watch(services, onChange);
    onChange();
  });
  return () => {
    cancel();
    stop?.();
  };
}
