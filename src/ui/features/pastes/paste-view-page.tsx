import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasteDetail } from '@shared/api/paste.schema';
import { OfflineFallback } from '@ui/components/offline-fallback';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useAuthView } from '@ui/domain/session/auth-provider';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import type { PasteScope } from './data/paste-scope';
import { rawPasteUrl } from './data/raw-paste-url';
import { PasteShareView } from './paste-share-view';
import { PasteStatusScreen } from './view/paste-status-screen';
import { usePasteView } from './view/use-paste-view';

// Most visitors only read: the edit dialog (the editor, the options form) loads when opened.
const EditPasteDialog = lazy(() =>
  import('./edit/edit-paste-dialog').then((module) => ({ default: module.EditPasteDialog })),
);

/**
 * /paste/:slug — a shared paste, behind its password prompt when protected and behind a "Show it"
 * step when view-limited (no view is spent until asked); its owner can edit it here.
 */
export function PasteViewPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const scope: PasteScope = useAuthView().status === 'admin' ? 'admin' : 'user';
  const navigate = useNavigate();
  const { state, unlock, reveal, retry, applyEdit, enterPassphrase } = usePasteView(api, slug);
  const [editing, setEditing] = useState(false);
  useDocumentTitle(t('pages.paste.title'));

  if (state.status === 'missing' || state.status === 'gone') return <PasteStatusScreen kind={state.status} />;
  if (state.status === 'sealed') return <PasteStatusScreen kind={state.problem === 'no-key' ? 'noKey' : 'wrongKey'} />;
  // Offline with no copy kept on this device: the "temporarily unavailable" page.
  if (state.status === 'failed' && state.error.kind === 'network') return <OfflineFallback />;
  if (state.status === 'failed') return <PasteStatusScreen kind="failed" error={state.error} onRetry={retry} />;

  // Encrypted text is edited nowhere but where it was written: the server holds only ciphertext.
  const editId = state.status === 'ready' && state.paste.e2ee !== true ? state.paste.id : undefined;
  const saved = (paste: PasteDetail) => {
    setEditing(false);
    applyEdit(paste);
    // A new link suffix moves the paste: follow it so the address bar stays valid.
    if (paste.slug !== slug) void navigate({ to: '/paste/$slug', params: { slug: paste.slug }, replace: true });
  };

  return (
    <PasteShareView
      slug={slug}
      state={state}
      rawUrl={state.status === 'ready' ? rawPasteUrl(api, state.paste.slug, state.paste.rawToken) : ''}
      onUnlock={unlock}
      onReveal={reveal}
      onPassphrase={enterPassphrase}
      onEdit={editId === undefined ? undefined : () => setEditing(true)}
    >
      {editing && editId !== undefined && (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <EditPasteDialog api={api} scope={scope} id={editId} onSaved={saved} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </PasteShareView>
  );
}
