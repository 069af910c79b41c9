// The UI language: a saved choice wins, otherwise the browser's language decides (zh* → zh).
export const languages = ['zh', 'en'] as const;
export type Language = (typeof languages)[number];

export const LANGUAGE_STORAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return languages.some((l) => l === value);
}

export function detectLanguage(storage: Pick<Storage, 'getItem'>, browserLanguage: string): Language {
  const saved = storage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(saved)) return saved;
  return browserLanguage.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function saveLanguage(storage: Pick<Storage, 'setItem'>, language: Language): void {
  storage.setItem(LANGUAGE_STORAGE_KEY, language);
  rememberLanguageForServer(language);
}

/**
 * The choice as a cookie too, which the server reads to render a share page's HTML in the same
 * language (server/modules/share-page/page-language.ts); it carries nothing else.
 */
export function rememberLanguageForServer(language: Language): void {
  if (typeof window === 'undefined' || !('cookieStore' in window)) return;
  const expires = Date.now() + 365 * 24 * 60 * 60 * 1000;
  window.cookieStore
    .set({ name: LANGUAGE_STORAGE_KEY, value: language, path: '/', expires, sameSite: 'lax' })
    .catch(() => undefined);
}
