// The app's task registry (src/machines/task-registry.ts) for the screens: one registry per app,
// created with the services above the router, so tasks outlive the page that started them.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { TaskRegistry, TaskView } from '@machines/task-registry';
import { useRequiredServices, useServicesSource } from '@ui/domain/services/services-provider';
import { watchServices, type ServicesSource } from '@ui/domain/services/services-source';

/** The registry, suspending until the services exist: for screens that start or control tasks. */
export function useTaskRegistry(): TaskRegistry {
  return useRequiredServices().tasks;
}

const noTasks: readonly TaskView[] = [];

/**
 * The registry's list as an external store: none before the services exist, and an empty list is
 * always the same one, so their arrival re-renders nothing.
 */
function tasksStore(source: ServicesSource | null) {
  return {
    subscribe: (onChange: () => void) =>
      watchServices(source, ({ tasks }, change) => tasks.subscribe(change), onChange),
    get: () => {
      const list = source?.current()?.tasks.list() ?? noTasks;
      return list.length === 0 ? noTasks : list;
    },
  };
}

/** Every task the registry holds, newest first, re-rendering on each change. */
export function useTasks(): readonly TaskView[] {
  const source = useServicesSource();
  const store = useMemo(() => tasksStore(source), [source]);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * Whether the registry holds any task, re-rendering only when that flips: for the shell, which
 * would otherwise render the whole page again with every progress report of a running task.
 */
export function useHasTasks(): boolean {
  const source = useServicesSource();
  const store = useMemo(() => tasksStore(source), [source]);
  const hasTasks = useCallback(() => store.get().length > 0, [store]);
  return useSyncExternalStore(store.subscribe, hasTasks, hasTasks);
}
