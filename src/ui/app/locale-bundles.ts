// Feature strings arrive with the routes that show them: a route's loader adds its bundle with
// i18next's addResourceBundle, so the entry carries only the shell's own catalogue. Both
// languages come together, so switching language never waits for the network.
import type { i18n as I18n } from 'i18next';

type Catalogue = { en: object; zh: object };

const bundles = {
  pastes: () => import('@ui/features/pastes/pastes.locales').then((m) => m.pastesResources),
  fileAreas: () => import('./file-areas.locales').then((m) => m.fileAreaResources),
  uploadAreas: () => import('./upload-areas.locales').then((m) => m.uploadAreaResources),
  adminAreas: () => import('./admin-areas.locales').then((m) => m.adminAreaResources),
  explorer: () => import('@ui/features/mount-explorer/explorer.locales').then((m) => m.explorerResources),
  transfers: () => import('@ui/features/basket/transfers.locales').then((m) => m.transfersResources),
  fileRequest: () => import('@ui/features/file-request/file-request.locales').then((m) => m.fileRequestResources),
  envSwitcher: () => import('@ui/features/env-switcher/env-switcher.locales').then((m) => m.envSwitcherResources),
} satisfies Record<string, () => Promise<Catalogue>>;

export type LocaleBundle = keyof typeof bundles;

const added = new WeakMap<I18n, Set<LocaleBundle>>();

/** Adds the named bundles to this i18next instance once; later calls resolve at once. */
export async function loadLocaleBundles(i18n: I18n, ...names: LocaleBundle[]): Promise<void> {
  const done = added.get(i18n) ?? new Set<LocaleBundle>();
  added.set(i18n, done);
  await Promise.all(
    names
      .filter((name) => !done.has(name))
      .map(async (name) => {
        const catalogue: Catalogue = await bundles[name]();
        for (const [language, resources] of Object.entries(catalogue)) {
          i18n.addResourceBundle(language, 'translation', resources, true, false);
        }
        done.add(name);
      }),
  );
}
