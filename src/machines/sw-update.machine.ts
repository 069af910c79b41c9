// The service worker's lifecycle and the update prompt. A waiting worker is offered to
// the user; only an accepted update takes over, and the page reloads once the new worker controls it.
import { fromCallback, fromPromise, or, setup, stateIn } from 'xstate';

export const SW_UPDATE_CHECK_INTERVAL_MS = 5_000;

/** Lifecycle events, reported by the `watchServiceWorker` actor. */
export type SwLifecycleEvent =
  | { type: 'sw.installing' }
  | { type: 'sw.waiting' }
  | { type: 'sw.activated' }
  | { type: 'sw.controlling' }
  | { type: 'sw.redundant' };

export type SwUpdateEvent = SwLifecycleEvent | { type: 'update.accept' } | { type: 'update.dismiss' };

function notProvided(name: string): never {
  throw new Error(`sw-update machine: "${name}" was not provided`);
}

export const swUpdateMachine = setup({
  types: {
    events: {} as SwUpdateEvent,
  },
  actors: {
    watchServiceWorker: fromCallback<SwUpdateEvent>(() => notProvided('watchServiceWorker')),
    checkForUpdate: fromPromise<unknown>(() => notProvided('checkForUpdate')),
  },
  actions: {
    skipWaiting: () => notProvided('skipWaiting'),
    reload: () => notProvided('reload'),
  },
  guards: {
    /** No polling while the user is asked, or while an accepted update takes over. */
    updatePending: or([
      stateIn({ prompt: 'prompting' }),
      stateIn({ prompt: 'accepted' }),
      stateIn({ prompt: 'reloading' }),
    ]),
  },
  delays: {
    updateCheckInterval: SW_UPDATE_CHECK_INTERVAL_MS,
  },
}).createMachine({
  id: 'swUpdate',
  type: 'parallel',
  invoke: { src: 'watchServiceWorker' },
  states: {
    worker: {
      initial: 'unknown',
      on: {
        'sw.installing': '.installing',
        'sw.waiting': '.waiting',
        'sw.activated': '.active',
        'sw.redundant': '.redundant',
      },
      states: {
        unknown: {},
        installing: {},
        waiting: {},
        active: {},
        redundant: {},
      },
    },
    prompt: {
      initial: 'hidden',
      states: {
        hidden: {
          on: { 'sw.waiting': 'prompting' },
        },
        prompting: {
          on: {
            'update.accept': { target: 'accepted', actions: 'skipWaiting' },
            'update.dismiss': 'dismissed',
          },
        },
        dismissed: {
          on: { 'sw.waiting': 'prompting' },
        },
        accepted: {
          on: { 'sw.controlling': { target: 'reloading', actions: 'reload' } },
        },
        /** The page reloads once, whatever the worker reports meanwhile. */
        reloading: {},
      },
    },
    polling: {
      initial: 'idle',
      states: {
        idle: {
          after: {
            updateCheckInterval: [{ guard: 'updatePending', target: 'idle', reenter: true }, { target: 'checking' }],
          },
        },
        checking: {
          invoke: { src: 'checkForUpdate', onDone: 'idle', onError: 'idle' },
        },
      },
    },
  },
});
