import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthView } from '@ui/domain/session/auth-provider';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { UploadTabs } from './upload-tabs';
import './upload.css';

/** /upload: files from the device or from a URL, for the admin or a key with file permission. */
export function UploadPage() {
  const { t } = useTranslation();
  const auth = useAuthView();
  useDocumentTitle(t('pages.upload.title'));
  const allowed = auth.status === 'admin' || (auth.status === 'apikey' && auth.permissions?.file === true);

  return (
    <section className="page page--wide" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('pages.upload.title')}
      </h1>
      {!allowed ? (
        <p className="notice" role="status">
          {t('upload.noPermission')} <Link to="/admin">{t('upload.loginLink')}</Link>
        </p>
      ) : (
        <UploadTabs />
      )}
    </section>
  );
}
