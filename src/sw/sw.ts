// The service worker: serves the precached app shell offline and waits for the page to accept an
// update (registerType "prompt"), so a new version never replaces a running tab by surprise.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SKIP_WAITING, swMessageSchema } from '../shared/sw-message.schema';
import { registerBackgroundSync } from './background-sync';
import { registerImageCaching } from './runtime-caching';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));
registerImageCaching(self.location.origin);
registerBackgroundSync();

self.addEventListener('message', (event) => {
  const message = swMessageSchema.safeParse(event.data);
  if (message.success && message.data.type === SKIP_WAITING) void self.skipWaiting();
});

clientsClaim();
