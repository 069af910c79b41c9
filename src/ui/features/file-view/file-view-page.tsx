import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLockedFile, type VerifiedFile } from '@shared/api/file-share.schema';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { OfflineFallback } from '@ui/components/offline-fallback';
import { ResourceStatus } from '@ui/components/resource-status';
import { useFileLinks, usePublicFile } from './data/use-public-file';
import { addShareToBasket } from './add-share-to-basket';
import { previewKind } from '@shared/preview-kind';
import { ShareOfficePreview } from './office-preview';
import { SharedTextPreview } from './shared-text-preview';
import { FileUnavailable } from './file-unavailable';
import { PasswordPrompt } from './password-prompt';
import { shownFile } from './shown-file';
import { FileShareBody, FileShareSection } from './file-share-view';
import { linkHasKey, SealedFileView, SealedNotice } from './sealed/sealed-file-view';

/**
 * /file/:slug: the password prompt when needed, then details, actions and a preview. A view-limited
 * share without a password shows its preview (which spends the visit's view) only once asked.
 */
export function FileViewPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
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
    <FileShareSection title={title}>
      <ResourceStatus state={resource.state} onRetry={resource.reload}>
        {(publicFile) => {
          const shown = shownFile(publicFile, verified);
          // A passphrase share is asked for its passphrase after the password, before any download.
          if (
            shown === null &&
            isLockedFile(publicFile) &&
            publicFile.e2ee === true &&
            publicFile.e2eeLock?.kdf === undefined &&
            !linkHasKey()
          )
            return <SealedNotice problem="no-key" />;
          if (shown === null) return <PasswordPrompt slug={slug} onVerified={setVerified} />;
          const { file, accessToken } = shown;
          if (file.e2ee !== undefined)
            return <SealedFileView file={file} downloadUrl={linksOf(file.slug, accessToken)?.download ?? null} />;
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
            // Always with the access token, so the visit costs one view.
            <FileShareBody
              file={file}
              kind={kind}
              links={linksOf(file.slug, accessToken)}
              offlineCopy={publicFile.offlineCopy}
              asking={asking ? { viewsLeft: Math.max((limit ?? 1) - file.views, 1) } : null}
              onReveal={() => setRevealed(true)}
              onAddToBasket={file.requires_password ? undefined : () => addShareToBasket(file, t)}
              office={<ShareOfficePreview slug={file.slug} filename={file.filename} token={accessToken} />}
              text={
                accessToken === undefined ? undefined : (
                  <SharedTextPreview slug={file.slug} token={accessToken} markdown={kind === 'markdown'} />
                )
              }
            />
          );
        }}
      </ResourceStatus>
    </FileShareSection>
  );
}
