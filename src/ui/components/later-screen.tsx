import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@ui/lib/use-document-title';

/** A screen whose content arrives in a later version: its title and an honest notice, nothing more. */
export function LaterScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <p className="notice">{t('app.laterVersion')}</p>
    </section>
  );
}
