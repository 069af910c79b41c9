import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuthView } from '../../lib/auth-provider';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FileUploadTab } from './file-upload-tab';
import './upload.css';

/** /upload: the file tab, and the URL tab shown honestly as not yet available. */
export function UploadPage() {
  const { t } = useTranslation();
  const auth = useAuthView();
  useDocumentTitle(t('pages.upload.title'));
  const allowed = auth.status === 'admin' || (auth.status === 'apikey' && auth.permissions?.file === true);

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {t('pages.upload.title')}
      </h1>
      {!allowed ? (
        <p className="notice" role="status">
          {t('upload.noPermission')} <Link to="/admin">{t('upload.loginLink')}</Link>
        </p>
      ) : (
        <>
          <div className="tabs" role="tablist" aria-label={t('upload.tabs.label')}>
            <button type="button" role="tab" id="upload-tab-file" className="tabs__tab" aria-selected aria-controls="upload-panel">
              {t('upload.tabs.file')}
            </button>
            <button type="button" role="tab" id="upload-tab-url" className="tabs__tab" aria-selected={false} aria-disabled="true" aria-describedby="upload-url-note" disabled>
              {t('upload.tabs.url')}
            </button>
          </div>
          <p id="upload-url-note" className="notice upload-url-note">
            {t('upload.urlUnavailable')}
          </p>
          <div role="tabpanel" id="upload-panel" aria-labelledby="upload-tab-file">
            <FileUploadTab />
          </div>
        </>
      )}
    </section>
  );
}
