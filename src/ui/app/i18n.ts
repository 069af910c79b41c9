// One i18next instance for the app: the shell catalogues plus the PWA feature's strings, with
// the language picked before the first render so nothing flashes in the wrong language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pastesResources } from '../features/pastes/pastes.locales';
import { pwaResources } from '../features/pwa/pwa.locales';
import { en } from '../locales/en';
import { zh } from '../locales/zh';
import { adminAreaResources } from './admin-areas.locales';
import { fileAreaResources } from './file-areas.locales';
import { detectLanguage } from './language';

const resources = {
  en: { translation: { ...en, ...pwaResources.en, ...adminAreaResources.en, ...pastesResources.en, ...fileAreaResources.en } },
  zh: { translation: { ...zh, ...pwaResources.zh, ...adminAreaResources.zh, ...pastesResources.zh, ...fileAreaResources.zh } },
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: (typeof resources)['en'];
  }
}

export function createI18n(storage: Pick<Storage, 'getItem'>, browserLanguage: string) {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
  });
  void instance.init({
    resources,
    lng: detectLanguage(storage, browserLanguage),
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
