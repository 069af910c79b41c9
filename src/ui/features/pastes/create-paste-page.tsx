import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasteCreateResult } from '@shared/api/paste.schema';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useAuthView } from '@ui/domain/session/auth-provider';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { SignInNotice } from './components/sign-in-notice';
import { rawPasteUrl } from './data/raw-paste-url';
import { createAccessOf } from './create/create-access';
import { CreatePasteForm } from './create/create-paste-form';
import './components/shared.css';
import './create/create.css';

const ShareResult = lazy(() => import('./create/share-result').then((module) => ({ default: module.ShareResult })));

/** Home: write a paste, set its options, create it and share the link. */
export function CreatePastePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.home.title'));
  const api = useApiClient();
  const access = createAccessOf(useAuthView());
  const [shared, setShared] = useState<PasteCreateResult | null>(null);
  const hide = useCallback(() => setShared(null), []);
  const rawUrl = shared ? new URL(rawPasteUrl(api, shared.slug), window.location.origin).href : '';

  return (
    <section className="page page--wide" aria-labelledby="create-title">
      <h1 id="create-title" className="page__title">
        {t('pages.home.title')}
      </h1>
      {access !== 'allowed' && <SignInNotice reason={access} />}
      {shared && (
        <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
          <ShareResult key={shared.id} result={shared} rawUrl={rawUrl} onHide={hide} />
        </Suspense>
      )}
      <CreatePasteForm api={api} access={access} onCreated={setShared} />
    </section>
  );
}
