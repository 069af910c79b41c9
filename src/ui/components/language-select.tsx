import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, languages, saveLanguage } from '@ui/lib/language';

/** Switches between Chinese and English and remembers the choice. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="select"
        value={i18n.resolvedLanguage}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          saveLanguage(window.localStorage, language);
          void i18n.changeLanguage(language);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
