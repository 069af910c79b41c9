import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifiedFile } from '@shared/api/file-share.schema';
import { useApiClient } from '../../app/api-client-provider';
import { useDocumentTitle } from '../../app/use-document-title';
import { ResourceStatus } from '../../components/resource-status';
import { getPublicFile, serverUrl } from '../../lib/api/files';
import { resolveApiBaseUrl } from '../../lib/base-url';
import { useResource } from '../../lib/use-resource';
import { FileActions } from './file-actions';
import { FileInfo } from './file-info';
import { FilePreview } from './file-preview';
import { FileUnavailable } from './file-unavailable';
import { PasswordPrompt } from './password-prompt';
import { shownFile } from './shown-file';
import './file-view.css';

const absolute = (url: string | null) => (url === null ? null : serverUrl(url, resolveApiBaseUrl(window.appConfig, window.localStorage)));

/** /file/:slug: the password prompt when needed, then details, actions and a preview. */
export function FileViewPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const resource = useResource(useCallback((signal: AbortSignal) => getPublicFile(api, slug, signal), [api, slug]));
  const [verified, setVerified] = useState<VerifiedFile | null>(null);
  const loaded = resource.state.status === 'ready' ? resource.state.data : null;
  useDocumentTitle(loaded?.filename ?? t('pages.file.title'));

  if (resource.state.status === 'error' && resource.state.error.kind === 'not-found') return <FileUnavailable reason="notFound" />;
  if (resource.state.status === 'error' && resource.state.error.kind === 'gone') return <FileUnavailable reason="gone" />;

  return (
    <section className="page file-view" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {loaded?.filename ?? t('pages.file.title')}
      </h1>
      <ResourceStatus state={resource.state} onRetry={resource.reload}>
        {(publicFile) => {
          const { file, accessToken } = shownFile(publicFile, verified);
          if (file.requires_password && verified === null) return <PasswordPrompt slug={slug} onVerified={setVerified} />;
          return (
            <>
              <FileInfo file={file} />
              <FileActions downloadUrl={absolute(file.download_url)} filename={file.filename} />
              <section className="file-preview" aria-label={t('fileView.preview.label')}>
                <FilePreview file={file} viewUrl={absolute(file.preview_url)} token={accessToken} />
              </section>
            </>
          );
        }}
      </ResourceStatus>
    </section>
  );
}
