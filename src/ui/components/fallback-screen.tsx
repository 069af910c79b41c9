import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@ui/lib/use-document-title';

/** The frame of every "this screen could not be shown" page: title, explanation, home plus extra actions. */
export function FallbackScreen({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <section className="page fallback" role="alert" aria-labelledby="fallback-title">
      <h1 id="fallback-title" className="page__title">
        {title}
      </h1>
      <p>{message}</p>
      <div className="actions">
        <Link to="/" className="button button--primary">
          {t('fallback.home')}
        </Link>
        {children}
      </div>
    </section>
  );
}
