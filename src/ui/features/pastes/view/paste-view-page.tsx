import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../app/use-document-title';
import { usePastesApi } from '../lib/use-pastes-api';
import { OpenPaste } from './open-paste';
import { PasswordPrompt } from './password-prompt';
import { PasteStatusScreen } from './paste-status-screen';
import { usePasteView } from './use-paste-view';
import '../pastes.css';

/** /paste/:slug — a shared paste, behind its password prompt when protected. */
export function PasteViewPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const client = usePastesApi();
  const { state, unlock, retry } = usePasteView(client, slug);
  useDocumentTitle(t('pages.paste.title'));

  if (state.status === 'missing' || state.status === 'gone') return <PasteStatusScreen kind={state.status} />;
  if (state.status === 'failed') return <PasteStatusScreen kind="failed" error={state.error} onRetry={retry} />;

  return (
    <section className="page page--wide paste-view" aria-labelledby="paste-title" aria-busy={state.status === 'loading'}>
      <h1 id="paste-title" className="page__title">
        {t('pages.paste.title')} <span className="paste-view__slug">{slug}</span>
      </h1>
      {state.status === 'loading' && <p role="status">{t('app.loading')}</p>}
      {state.status === 'locked' && <PasswordPrompt busy={state.unlocking} error={state.error} onSubmit={unlock} />}
      {state.status === 'ready' && <OpenPaste paste={state.paste} format={state.format} apiBaseUrl={client.baseUrl()} />}
    </section>
  );
}
