// One i18next instance for the app. The entry holds only the shell's strings (navigation, login,
// errors, PWA notices, shared dialogs); route loaders add the feature bundles (locale-bundles.ts).
// The language is picked before the first render so nothing flashes in the wrong language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { componentResources } from '@ui/components/components.locales';
import type { pastesResources } from '@ui/features/pastes/pastes.locales';
import type { explorerResources } from '@ui/features/mount-explorer/explorer.locales';
import type { envSwitcherResources } from '@ui/features/env-switcher/env-switcher.locales';
import type { transfersResources } from '@ui/features/basket/transfers.locales';
import type { fileRequestResources } from '@ui/features/file-request/file-request.locales';
import { pwaResources } from '@ui/features/pwa/pwa.locales';
import { en } from '@ui/locales/en';
import { zh } from '@ui/locales/zh';
import type { adminAreaResources } from './admin-areas.locales';
import type { fileAreaResources } from './file-areas.locales';
import type { uploadAreaResources } from './upload-areas.locales';
import {
  detectLanguage,
  isLanguage,
  type Language,
  LANGUAGE_STORAGE_KEY,
  rememberLanguageForServer,
} from '@ui/lib/language';

const shell = {
  en: { translation: { ...en, ...pwaResources.en, ...componentResources.en } },
  zh: { translation: { ...zh, ...pwaResources.zh, ...componentResources.zh } },
};

/** Every key a screen may ask for: the shell's and those of the bundles its route loads. */
type AppStrings = (typeof shell)['en']['translation'] &
  (typeof adminAreaResources)['en'] &
  (typeof pastesResources)['en'] &
  (typeof fileAreaResources)['en'] &
  (typeof uploadAreaResources)['en'] &
  (typeof envSwitcherResources)['en'] &
  (typeof explorerResources)['en'] &
  (typeof transfersResources)['en'] &
  (typeof fileRequestResources)['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppStrings };
  }
}

/** `pageLanguage`: the language a server-rendered page was written in, which its adoption repeats. */
export function createI18n(storage: Pick<Storage, 'getItem'>, browserLanguage: string, pageLanguage?: Language) {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  // A choice stored before the app wrote it for the server too (share pages render in it).
  const saved = storage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(saved)) rememberLanguageForServer(saved);
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
  });
  void instance.init({
    resources: shell,
    lng: pageLanguage ?? detectLanguage(storage, browserLanguage),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
    // A key found in no loaded catalogue shows as the key itself; say which, for the console
    // (and the end-to-end tests, which look there): usually a route that forgot a locale bundle.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => console.error(`missing string: ${key}`),
  });
  return instance;
}
