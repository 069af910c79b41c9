// The language of a share page's HTML: the visitor's stored choice (the `language` cookie the app
// writes beside its own setting, src/ui/lib/language.ts), else the first of Accept-Language's
// languages that we speak, else English.
import type { SharePageLanguage } from '@shared/share-page';

export const LANGUAGE_COOKIE = 'language';

function cookieValue(cookie: string | undefined, name: string): string | undefined {
  for (const part of (cookie ?? '').split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): SharePageLanguage {
  const chosen = cookieValue(cookie, LANGUAGE_COOKIE);
  if (chosen === 'en' || chosen === 'zh') return chosen;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
