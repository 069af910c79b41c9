// Same-origin images outside the API are cached for the offline cache lifetime (7 days).
// API responses (protected previews, presigned links) are never cached by the worker.
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const IMAGE_CACHE_NAME = 'clipdock-images';
const OFFLINE_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const IMAGE_CACHE_MAX_ENTRIES = 60;

export function registerImageCaching(origin: string): void {
  registerRoute(
    ({ request, url }) => request.destination === 'image' && url.origin === origin && !url.pathname.startsWith('/api/'),
    new CacheFirst({
      cacheName: IMAGE_CACHE_NAME,
      plugins: [
        new ExpirationPlugin({
          maxEntries: IMAGE_CACHE_MAX_ENTRIES,
          maxAgeSeconds: OFFLINE_CACHE_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
