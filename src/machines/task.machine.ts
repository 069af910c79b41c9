// The lifecycle of one long-running task: copy, upload, delete or download. The work
// itself is the app-provided `runTask` actor; leaving `running` stops it, which is how cancel works.
import { assign, fromCallback, setup } from 'xstate';
import type { EventObject } from 'xstate';

export const taskTypes = ['copy', 'upload', 'delete', 'download', 'move'] as const;
export type TaskType = (typeof taskTypes)[number];

export type TaskItemFailure = { item: string; code: string; message: string | null };

/** Sent back by the `runTask` actor while it works. */
export type TaskReport =
  | { type: 'task.total'; total: number }
  | { type: 'task.item.succeeded'; item: string }
  | { type: 'task.item.failed'; item: string; code: string; message?: string }
  /** Bytes moved so far, and how many there are to move once known. */
  | { type: 'task.bytes'; loaded: number; total: number | null }
  /** Every item has been tried. */
  | { type: 'task.finished' }
  /** The task as a whole could not run (for example the listing failed). */
  | { type: 'task.error'; code: string; message?: string };

export type TaskEvent = { type: 'task.start' } | { type: 'task.cancel' } | TaskReport;

type RunnerError = { type: 'xstate.error.actor.runner'; error: unknown };

export type TaskInput = { id: string; type: TaskType; total?: number };
export type RunTaskInput = { taskId: string; type: TaskType };

export type TaskContext = {
  id: string;
  type: TaskType;
  /** Number of items, once known. */
  total: number | null;
  succeeded: number;
  failed: number;
  failures: TaskItemFailure[];
  /** Bytes moved, for tasks that move bytes; `total` null while unknown. */
  bytes: { loaded: number; total: number | null } | null;
  error: { code: string; message: string | null } | null;
};

/** Share of items done, 0-100; 0 while the total is unknown. */
export function taskPercent(context: TaskContext): number {
  if (context.total === null || context.total === 0) return 0;
  return Math.min(100, Math.floor(((context.succeeded + context.failed) / context.total) * 100));
}

function notProvided(name: string): never {
  throw new Error(`task machine: actor "${name}" was not provided`);
}

export const taskMachine = setup({
  types: {
    context: {} as TaskContext,
    events: {} as TaskEvent | RunnerError,
    input: {} as TaskInput,
  },
  actors: {
    runTask: fromCallback<EventObject, RunTaskInput>(() => notProvided('runTask')),
  },
  actions: {
    recordReport: assign(({ context, event }) => {
      switch (event.type) {
        case 'task.total':
          return { total: event.total };
        case 'task.item.succeeded':
          return { succeeded: context.succeeded + 1 };
        case 'task.item.failed':
          return {
            failed: context.failed + 1,
            failures: [...context.failures, { item: event.item, code: event.code, message: event.message ?? null }],
          };
        case 'task.bytes':
          return { bytes: { loaded: Math.max(event.loaded, context.bytes?.loaded ?? 0), total: event.total } };
        case 'task.error':
          return { error: { code: event.code, message: event.message ?? null } };
        case 'xstate.error.actor.runner':
          return { error: { code: 'internal', message: event.error instanceof Error ? event.error.message : null } };
        default:
          return {};
      }
    }),
  },
  guards: {
    noneFailed: ({ context }) => context.failed === 0,
    someSucceeded: ({ context }) => context.succeeded > 0,
  },
}).createMachine({
  id: 'task',
  context: ({ input }) => ({
    id: input.id,
    type: input.type,
    total: input.total ?? null,
    succeeded: 0,
    failed: 0,
    failures: [],
    bytes: null,
    error: null,
  }),
  initial: 'pending',
  states: {
    pending: {
      on: {
        'task.start': 'running',
        'task.cancel': 'cancelled',
      },
    },
    running: {
      invoke: {
        id: 'runner',
        src: 'runTask',
        input: ({ context }) => ({ taskId: context.id, type: context.type }),
      },
      on: {
        'task.total': { actions: 'recordReport' },
        'task.item.succeeded': { actions: 'recordReport' },
        'task.item.failed': { actions: 'recordReport' },
        'task.bytes': { actions: 'recordReport' },
        'task.finished': [
          { guard: 'noneFailed', target: 'completed' },
          { guard: 'someSucceeded', target: 'partial' },
          { target: 'failed' },
        ],
        'task.error': { target: 'failed', actions: 'recordReport' },
        'xstate.error.actor.runner': { target: 'failed', actions: 'recordReport' },
        'task.cancel': 'cancelled',
      },
    },
    completed: { type: 'final' },
    partial: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
