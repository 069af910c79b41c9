// The strings of the dashboard, key, mount, settings, storage and file management modules,
// gathered for the admin route's locale bundle.
import { dashboardResources } from '@ui/features/dashboard/dashboard.locales';
import { keysResources } from '@ui/features/admin-keys/keys.locales';
import { mountsResources } from '@ui/features/admin-mounts/mounts.locales';
import { settingsResources } from '@ui/features/admin-settings/settings.locales';
import { adminFilesResources } from '@ui/features/admin-files/admin-files.locales';
import { storageResources } from '@ui/features/admin-storage/storage.locales';
import { requestsResources } from '@ui/features/admin-requests/requests.locales';
import { both } from './locale-shape';

const dashboard = both(dashboardResources);
const keys = both(keysResources);
const mounts = both(mountsResources);
const settings = both(settingsResources);
const storage = both(storageResources);
const adminFiles = both(adminFilesResources);
const requests = both(requestsResources);

export const adminAreaResources = {
  en: { ...keys.en, ...mounts.en, ...settings.en, ...dashboard.en, ...storage.en, ...adminFiles.en, ...requests.en },
  zh: { ...keys.zh, ...mounts.zh, ...settings.zh, ...dashboard.zh, ...storage.zh, ...adminFiles.zh, ...requests.zh },
};
