// Connects the sw-update machine to workbox-window: lifecycle events in, update checks and the
// skip-waiting message out. Listeners attach before registering so no early event is missed.
import type { Workbox, WorkboxLifecycleEventMap } from 'workbox-window';
import { fromCallback, fromPromise } from 'xstate';
import { swUpdateMachine } from '@machines/sw-update.machine';
import type { SwLifecycleEvent, SwUpdateEvent } from '@machines/sw-update.machine';
import { registerServiceWorker } from './register-sw';

const lifecycleEvents = [
  ['installing', 'sw.installing'],
  ['waiting', 'sw.waiting'],
  ['activated', 'sw.activated'],
  ['controlling', 'sw.controlling'],
  ['redundant', 'sw.redundant'],
] as const satisfies ReadonlyArray<readonly [keyof WorkboxLifecycleEventMap, SwLifecycleEvent['type']]>;

/** The state a registration is already in, for a watcher that attached after registering. */
function currentLifecycle(reg: ServiceWorkerRegistration | undefined): SwLifecycleEvent | null {
  if (reg?.waiting) return { type: 'sw.waiting' };
  if (reg?.installing) return { type: 'sw.installing' };
  if (reg?.active) return { type: 'sw.activated' };
  return null;
}

export function swUpdateMachineFor(wb: Workbox, reload: () => void) {
  return swUpdateMachine.provide({
    actors: {
      watchServiceWorker: fromCallback<SwUpdateEvent>(({ sendBack }) => {
        const detach = lifecycleEvents.map(([name, type]) => {
          const listener = () => sendBack({ type });
          wb.addEventListener(name, listener);
          return () => wb.removeEventListener(name, listener);
        });
        registerServiceWorker(wb).then(
          (reg) => {
            const current = currentLifecycle(reg);
            if (current) sendBack(current);
          },
          // A browser may refuse registration (private mode, blocked storage): the app runs uncached.
          () => undefined,
        );
        return () => {
          for (const off of detach) off();
        };
      }),
      // Checks every 5 s while the page is visible (a hidden tab costs the server nothing).
      checkForUpdate: fromPromise<unknown>(async () => {
        if (navigator.onLine && document.visibilityState === 'visible') await wb.update();
      }),
    },
    actions: {
      skipWaiting: () => wb.messageSkipWaiting(),
      reload,
    },
  });
}
