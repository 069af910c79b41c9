// The service worker exists only in production builds: the dev server serves none, and a stale
// worker would hide code changes. One Workbox per page, registered at most once.
import { Workbox } from 'workbox-window';

export const SW_URL = '/sw.js';

let workbox: Workbox | null = null;
let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

/** The page's Workbox, or null in development builds and browsers without service workers. */
export function getServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  workbox ??= new Workbox(SW_URL, { scope: '/' });
  return workbox;
}

/** Registers once; later calls share the first registration. */
export function registerServiceWorker(wb: Workbox): Promise<ServiceWorkerRegistration | undefined> {
  registration ??= wb.register();
  return registration;
}
