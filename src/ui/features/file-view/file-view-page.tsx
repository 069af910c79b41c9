import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLockedFile, type VerifiedFile } from '@shared/api/file-share.schema';
import { formatDateTime } from '@ui/lib/format-date-time';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { OfflineFallback } from '@ui/components/offline-fallback';
import { ResourceStatus } from '@ui/components/resource-status';
import { useFileLinks, usePublicFile } from './data/use-public-file';
import { FileActions } from './file-actions';
import { addShareToBasket } from './add-share-to-basket';
import { FileInfo } from './file-info';
import { FilePreview } from '@ui/components/preview/file-preview';
import { previewKind } from '@shared/preview-kind';
import { ShareOfficePreview } from './office-preview';
import { SharedTextPreview } from './shared-text-preview';
import { FileUnavailable } from './file-unavailable';
import { PasswordPrompt } from './password-prompt';
import { RevealPrompt } from './reveal-prompt';
import { shownFile } from './shown-file';
import { linkHasKey, SealedFileView, SealedNotice } from './sealed/sealed-file-view';
import './file-view.css';

/**
 * /file/:slug: the password prompt when needed, then details, actions and a preview. A view-limited
 * share without a password shows its preview (which spends the visit's view) only once asked.
 */
export function FileViewPage({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const resource = usePublicFile(slug);
  const linksOf = useFileLinks();
  const [verified, setVerified] = useState<VerifiedFile | null>(null);
  const [revealed, setRevealed] = useState(false);
  const loaded = resource.state.status === 'ready' ? resource.state.data : null;
  // A protected file's name is shown only once its password was accepted.
  const shownNow = loaded === null ? null : shownFile(loaded, verified);
  // An encrypted file's name opens only in its own view, with the link's key.
  const title =
    shownNow?.file.e2ee !== undefined ? t('fileView.e2ee.title') : (shownNow?.file.filename ?? t('pages.file.title'));
  useDocumentTitle(title);

  if (resource.state.status === 'error' && resource.state.error.kind === 'not-found')
    return <FileUnavailable reason="notFound" />;
  if (resource.state.status === 'error' && resource.state.error.kind === 'gone')
    return <FileUnavailable reason="gone" />;
  // Offline with no copy kept on this device: the "temporarily unavailable" page.
  if (resource.state.status === 'error' && resource.state.error.kind === 'network') return <OfflineFallback />;

  return (
    <section className="page page--wide file-view" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <ResourceStatus state={resource.state} onRetry={resource.reload}>
        {(publicFile) => {
          const shown = shownFile(publicFile, verified);
          if (shown === null && isLockedFile(publicFile) && publicFile.e2ee === true && !linkHasKey())
            return <SealedNotice problem="no-key" />;
          if (shown === null) return <PasswordPrompt slug={slug} onVerified={setVerified} />;
          const { file, accessToken } = shown;
          const links = linksOf(file.slug, accessToken);
          if (file.e2ee !== undefined) return <SealedFileView file={file} downloadUrl={links?.download ?? null} />;
          const kind = previewKind(file.mimetype, file.filename);
          // A protected share's password was the visitor's step; an offline copy fetches nothing.
          const limit = file.max_views === null || file.max_views <= 0 ? null : file.max_views;
          const asking =
            !revealed &&
            kind !== 'none' &&
            limit !== null &&
            !file.requires_password &&
            publicFile.offlineCopy === undefined;
          return (
            <>
              {publicFile.offlineCopy !== undefined && (
                <p className="notice" role="note">
                  {t('fileView.offlineCopy', { when: formatDateTime(publicFile.offlineCopy, i18n.language) })}
                </p>
              )}
              <div className="file-view__body">
                <div className="file-view__side">
                  <FileInfo file={file} />
                  <FileActions
                    downloadUrl={links?.download ?? null}
                    filename={file.filename}
                    {...(file.requires_password ? {} : { onAddToBasket: () => addShareToBasket(file, t) })}
                  />
                </div>
                <section className="file-preview" aria-label={t('preview.label')}>
                  {/* Always with the access token, so the visit costs one view. */}
                  {asking ? (
                    <RevealPrompt
                      viewsLeft={Math.max((limit ?? 1) - file.views, 1)}
                      onReveal={() => setRevealed(true)}
                    />
                  ) : (
                    <FilePreview
                      kind={kind}
                      url={links?.view ?? null}
                      name={file.filename}
                      office={<ShareOfficePreview slug={file.slug} filename={file.filename} token={accessToken} />}
                      {...(accessToken === undefined
                        ? {}
                        : {
                            text: (
                              <SharedTextPreview slug={file.slug} token={accessToken} markdown={kind === 'markdown'} />
                            ),
                          })}
                    />
                  )}
                </section>
              </div>
            </>
          );
        }}
      </ResourceStatus>
    </section>
  );
}
