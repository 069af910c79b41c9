// The app's task registry (src/machines/task-registry.ts) for the screens: one registry per app,
// created with the services above the router, so tasks outlive the page that started them.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createTaskRegistry, type TaskRegistry, type TaskView } from '@machines/task-registry';

const TaskContext = createContext<TaskRegistry | null>(null);

export function TaskProvider({ registry, children }: { registry: TaskRegistry; children: ReactNode }) {
  return <TaskContext.Provider value={registry}>{children}</TaskContext.Provider>;
}

/** Screens rendered alone in tests get a registry of their own. */
const standalone = createTaskRegistry();

export function useTaskRegistry(): TaskRegistry {
  return useContext(TaskContext) ?? standalone;
}

/** Every task the registry holds, newest first, re-rendering on each change. */
export function useTasks(): readonly TaskView[] {
  const registry = useTaskRegistry();
  return useSyncExternalStore(registry.subscribe, registry.list, registry.list);
}
