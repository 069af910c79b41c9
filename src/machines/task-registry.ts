// Every long operation of the app (uploads, copies, batch deletes, basket downloads) as one task
// actor of `taskMachine`, kept in one registry created with the app's services, above the routes,
// so a task keeps running while the user changes pages. The work itself is a plain async function
// that reports items and bytes; cancel aborts its signal, retry runs it again on the failed items.
import { createActor, fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import {
  taskMachine,
  taskPercent,
  type RunTaskInput,
  type TaskContext,
  type TaskItemFailure,
  type TaskReport,
  type TaskType,
} from './task.machine';

export type TaskStatus = 'pending' | 'running' | 'completed' | 'partial' | 'failed' | 'cancelled';

/** What a task's work tells the registry while it runs. */
export type TaskReporter = {
  /** How many items there are; may be called again as the count grows (a folder being listed). */
  total(count: number): void;
  succeeded(item: string): void;
  failed(item: string, code: string, message?: string): void;
  /** Bytes moved so far (monotonic) and the bytes to move, when known. */
  bytes(loaded: number, total: number | null): void;
};

/**
 * One long operation. `run` resolves once every item has been tried (failures reported, not
 * thrown); a throw fails the task as a whole. It must stop soon after `signal` aborts.
 */
export type TaskSpec = {
  type: TaskType;
  /** What the panel names the task by: a file, a folder, "3 items". */
  label: string;
  run: (report: TaskReporter, signal: AbortSignal) => Promise<void>;
  /** The same work on only the items that failed; null or absent when that makes no sense. */
  retry?: (failures: readonly TaskItemFailure[]) => TaskSpec | null;
};

export type TaskView = {
  id: string;
  type: TaskType;
  label: string;
  status: TaskStatus;
  total: number | null;
  succeeded: number;
  failed: number;
  failures: readonly TaskItemFailure[];
  /** 0-100 by items; by bytes when the task moves bytes and their total is known. */
  percent: number;
  bytes: { loaded: number; total: number | null } | null;
  /** Over the last few seconds; 0 when nothing moved. */
  bytesPerSecond: number;
  error: { code: string; message: string | null } | null;
  canRetry: boolean;
  startedAt: number;
};

export type TaskRegistry = {
  /** Starts the work at once and returns the task's id. */
  start(spec: TaskSpec): string;
  cancel(id: string): void;
  /** Starts a new task over the failed items of a finished one; its id, or null when there is nothing to retry. */
  retry(id: string): string | null;
  /** Forgets a finished task. */
  dismiss(id: string): void;
  clearFinished(): void;
  /** The same array until something changes (for `useSyncExternalStore`), newest first. */
  list(): readonly TaskView[];
  subscribe(listener: () => void): () => void;
  /** Resolves with the task's final view once it stops. */
  settled(id: string): Promise<TaskView>;
};

export type TaskRegistryOptions = {
  now?: () => number;
  newId?: () => string;
  /** Finished tasks kept for the panel; older ones are forgotten. */
  keepFinished?: number;
};

const SPEED_WINDOW_MS = 5_000;
const BYTES_EVERY_MS = 100;
const finalStatuses: ReadonlySet<TaskStatus> = new Set(['completed', 'partial', 'failed', 'cancelled']);

export function isFinished(status: TaskStatus): boolean {
  return finalStatuses.has(status);
}

type Entry = {
  id: string;
  spec: TaskSpec;
  actor: ActorRefFrom<typeof taskMachine>;
  startedAt: number;
  samples: { at: number; loaded: number }[];
  view: TaskView;
  waiters: ((view: TaskView) => void)[];
};

function statusOf(value: unknown): TaskStatus {
  return value === 'running' ||
    value === 'completed' ||
    value === 'partial' ||
    value === 'failed' ||
    value === 'cancelled'
    ? value
    : 'pending';
}

function percentOf(context: TaskContext, status: TaskStatus): number {
  if (status === 'completed') return 100;
  const { bytes } = context;
  if (bytes !== null && bytes.total !== null && bytes.total > 0)
    return Math.min(99, Math.floor((bytes.loaded / bytes.total) * 100));
  return Math.min(status === 'running' ? 99 : 100, taskPercent(context));
}

let counter = 0;

export function createTaskRegistry(options: TaskRegistryOptions = {}): TaskRegistry {
  const now = options.now ?? (() => Date.now());
  const newId =
    options.newId ??
    (() => {
      counter += 1;
      return `task-${Date.now().toString(36)}-${counter}`;
    });
  const keepFinished = options.keepFinished ?? 30;
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let snapshot: readonly TaskView[] = [];

  function publish(): void {
    snapshot = [...entries.values()].map((entry) => entry.view).reverse();
    for (const listener of listeners) listener();
  }

  function speedOf(entry: Entry, loaded: number): number {
    const at = now();
    const last = entry.samples[entry.samples.length - 1];
    if (last === undefined || last.loaded !== loaded) entry.samples.push({ at, loaded });
    while (entry.samples.length > 2 && (entry.samples[0]?.at ?? at) < at - SPEED_WINDOW_MS) entry.samples.shift();
    const first = entry.samples[0];
    if (first === undefined || at - first.at <= 0) return 0;
    return Math.max(0, ((loaded - first.loaded) / (at - first.at)) * 1000);
  }

  function trim(): void {
    const finished = [...entries.values()].filter((entry) => isFinished(entry.view.status));
    for (const entry of finished.slice(0, Math.max(0, finished.length - keepFinished))) entries.delete(entry.id);
  }

  function start(spec: TaskSpec): string {
    const id = newId();
    const runner = fromCallback<EventObject, RunTaskInput>(({ sendBack }) => {
      const controller = new AbortController();
      const send = (report: TaskReport) => sendBack(report);
      // Byte reports may come per chunk: at most one every BYTES_EVERY_MS reaches the panel.
      let lastBytes = -Infinity;
      let heldBytes: TaskReport | null = null;
      const flushBytes = () => {
        if (heldBytes !== null) send(heldBytes);
        heldBytes = null;
      };
      const reporter: TaskReporter = {
        total: (count) => send({ type: 'task.total', total: count }),
        succeeded: (item) => send({ type: 'task.item.succeeded', item }),
        failed: (item, code, message) =>
          send({ type: 'task.item.failed', item, code, ...(message === undefined ? {} : { message }) }),
        bytes: (loaded, total) => {
          heldBytes = { type: 'task.bytes', loaded, total };
          if (now() - lastBytes < BYTES_EVERY_MS) return;
          lastBytes = now();
          flushBytes();
        },
      };
      spec.run(reporter, controller.signal).then(
        () => {
          flushBytes();
          if (!controller.signal.aborted) send({ type: 'task.finished' });
        },
        (error: unknown) => {
          if (!controller.signal.aborted)
            send({
              type: 'task.error',
              code: 'internal',
              message: error instanceof Error ? error.message : String(error),
            });
        },
      );
      return () => controller.abort();
    });
    const actor = createActor(taskMachine.provide({ actors: { runTask: runner } }), { input: { id, type: spec.type } });
    const entry: Entry = {
      id,
      spec,
      actor,
      startedAt: now(),
      samples: [],
      view: emptyView(id, spec, now()),
      waiters: [],
    };
    entries.set(id, entry);
    actor.subscribe((state) => {
      const status = statusOf(state.value);
      const { context } = state;
      const finished = isFinished(status);
      entry.view = {
        id,
        type: spec.type,
        label: spec.label,
        status,
        total: context.total,
        succeeded: context.succeeded,
        failed: context.failed,
        failures: context.failures,
        percent: percentOf(context, status),
        bytes: context.bytes,
        bytesPerSecond: finished || context.bytes === null ? 0 : speedOf(entry, context.bytes.loaded),
        error: context.error,
        canRetry: finished && spec.retry !== undefined && context.failures.length > 0,
        startedAt: entry.startedAt,
      };
      if (finished) {
        for (const waiter of entry.waiters.splice(0)) waiter(entry.view);
        trim();
      }
      if (entries.has(id)) publish();
    });
    actor.start();
    actor.send({ type: 'task.start' });
    return id;
  }

  return {
    start,
    cancel(id) {
      entries.get(id)?.actor.send({ type: 'task.cancel' });
    },
    retry(id) {
      const entry = entries.get(id);
      if (entry === undefined || !entry.view.canRetry) return null;
      const next = entry.spec.retry?.(entry.view.failures) ?? null;
      if (next === null) return null;
      entries.delete(id);
      return start(next);
    },
    dismiss(id) {
      const entry = entries.get(id);
      if (entry === undefined || !isFinished(entry.view.status)) return;
      entries.delete(id);
      publish();
    },
    clearFinished() {
      for (const entry of [...entries.values()]) if (isFinished(entry.view.status)) entries.delete(entry.id);
      publish();
    },
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled(id) {
      const entry = entries.get(id);
      if (entry === undefined) return Promise.reject(new Error(`no task ${id}`));
      if (isFinished(entry.view.status)) return Promise.resolve(entry.view);
      return new Promise((resolve) => entry.waiters.push(resolve));
    },
  };
}

function emptyView(id: string, spec: TaskSpec, startedAt: number): TaskView {
  return {
    id,
    type: spec.type,
    label: spec.label,
    status: 'pending',
    total: null,
    succeeded: 0,
    failed: 0,
    failures: [],
    percent: 0,
    bytes: null,
    bytesPerSecond: 0,
    error: null,
    canRetry: false,
    startedAt,
  };
}
