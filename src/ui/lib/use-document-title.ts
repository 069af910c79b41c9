import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets "<title> · Clipdock"; follows language changes because `title` is already translated. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.titleSuffix', { title });
  }, [t, title]);
}
