// Loads one server resource for a screen: loading, failed (as a plain ApiErrorInit the screen
// translates) or ready. `reload` refetches while keeping the last data on screen.
import { useCallback, useEffect, useState } from 'react';
import type { ApiErrorInit } from '@shared/api-error';
import { toErrorInit } from './to-error-init';

export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'error'; error: ApiErrorInit }
  | { status: 'ready'; data: T };

export type Resource<T> = {
  state: ResourceState<T>;
  reload: () => void;
  /** Replaces the loaded data after a local change the server has confirmed. */
  update: (change: (data: T) => T) => void;
};

/**
 * `load` must be stable (wrap it in useCallback); a new function means a new resource. `initial`,
 * data the page already holds (a server-rendered page's), is shown from the first render on.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, initial?: T): Resource<T> {
  const [state, setState] = useState<ResourceState<T>>(() =>
    initial === undefined ? { status: 'loading' } : { status: 'ready', data: initial },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: toErrorInit(error) });
      },
    );
    return () => controller.abort();
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setState((current) => (current.status === 'ready' ? { status: 'ready', data: change(current.data) } : current)),
    [],
  );
  return { state, reload, update };
}
