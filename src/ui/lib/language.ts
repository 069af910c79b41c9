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
}
