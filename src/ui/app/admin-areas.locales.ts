// The strings of the dashboard, key, mount and settings modules,
// gathered for the admin route's locale bundle. Each Chinese catalogue must match its English shape.
import { dashboardResources } from '../features/dashboard/dashboard.locales';
import { keysResources } from '../features/admin-keys/keys.locales';
import { mountsResources } from '../features/admin-mounts/mounts.locales';
import { settingsResources } from '../features/admin-settings/settings.locales';

type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

function both<E, Z extends Shape<E>>(resources: { en: E; zh: Z }) {
  return resources;
}

const dashboard = both(dashboardResources);
const keys = both(keysResources);
const mounts = both(mountsResources);
const settings = both(settingsResources);

export const adminAreaResources = {
  en: { ...keys.en, ...mounts.en, ...settings.en, ...dashboard.en },
  zh: { ...keys.zh, ...mounts.zh, ...settings.zh, ...dashboard.zh },
};
