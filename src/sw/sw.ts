// The service worker: serves the precached app shell offline, waits for the page to accept an
// update (registerType "prompt"), so a new version never replaces a running tab by surprise, and
// replays the offline queue through background sync, and streams basket ZIPs and opened encrypted
// files to the browser's downloads.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  BASKET_KEEPALIVE,
  BASKET_STREAM,
  E2EE_DOWNLOAD,
  QUEUE_WRITE,
  REPLAY_NOW,
  SKIP_WAITING,
  swMessageSchema,
} from '@shared/sw-message.schema';
import { acceptBasketStream, registerBasketDownloads } from './basket-stream';
import { acceptE2eeDownload, registerE2eeDownloads } from './e2ee-download';
import { queueWrite, registerBackgroundSync, replayQueue } from './background-sync';
import { registerImageCaching } from './runtime-caching';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Before the navigation route: a basket download's URL is opened like a page.
registerBasketDownloads();
registerE2eeDownloads();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));
registerImageCaching(self.location.origin);
registerBackgroundSync();

// Handed writes and replays run one after another, in the order the page sent them.
let work: Promise<unknown> = Promise.resolve();
function inTurn<T>(job: () => Promise<T>): Promise<T> {
  const next = work.then(job, job);
  work = next.catch(() => undefined);
  return next;
}

self.addEventListener('message', (event) => {
  const message = swMessageSchema.safeParse(event.data);
  if (!message.success) return;
  switch (message.data.type) {
    case SKIP_WAITING:
      void self.skipWaiting();
      return;
    case QUEUE_WRITE: {
      const { write } = message.data;
      event.waitUntil(inTurn(() => queueWrite(write)));
      return;
    }
    case BASKET_STREAM: {
      const port = event.ports[0];
      if (port) acceptBasketStream(message.data.id, message.data.filename, port);
      return;
    }
    case E2EE_DOWNLOAD:
      acceptE2eeDownload(message.data);
      return;
    case BASKET_KEEPALIVE:
      // Handling the message is what keeps the worker alive.
      return;
    case REPLAY_NOW: {
      const port = event.ports[0];
      event.waitUntil(
        inTurn(replayQueue).then(
          (result) => port?.postMessage({ ok: true, result }),
          () => port?.postMessage({ ok: false }),
        ),
      );
      return;
    }
  }
});

clientsClaim();
