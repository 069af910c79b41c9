// The entries' labels, translated once per list and filled in per card (use-entry-text.ts).
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { FILL, fillIn } from '@ui/lib/fill-in';
import { explorerResources } from './explorer.locales';

async function translator(lng: 'en' | 'zh') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { translation: explorerResources.en }, zh: { translation: explorerResources.zh } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('fillIn', () => {
  it('gives what a translation call gives, in both languages and for every value', async () => {
    for (const lng of ['en', 'zh'] as const) {
      const t = await translator(lng);
      for (const value of ['photo.jpg', '', 'a & b <c> "d"', '{{name}}']) {
        expect(fillIn(t('explorer.actions.select', { name: FILL }))(value)).toBe(
          t('explorer.actions.select', { name: value }),
        );
        expect(fillIn(t('explorer.actions.more', { name: FILL }))(value)).toBe(
          t('explorer.actions.more', { name: value }),
        );
      }
    }
  });

  it('leaves the rest of a text with two values as translated', async () => {
    const t = await translator('en');
    const text = fillIn(t('explorer.lockedBy', { owner: FILL, until: '12:00' }));
    expect(text('ana')).toBe(t('explorer.lockedBy', { owner: 'ana', until: '12:00' }));
  });
});
