// What the paste page shows of a paste being read: its title, then the password step, the reveal
// step or the paste itself. The page (paste-view-page.tsx) gives it its state and handlers; the
// server renders the same component into the page's HTML (src/ui/ssr), so the app's first frame
// draws exactly what the HTML already showed.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenPaste } from './view/open-paste';
import { PasswordPrompt } from './view/password-prompt';
import { RevealPrompt } from './view/reveal-prompt';
import { PastePassphrasePrompt } from './view/passphrase-prompt';
import type { PasteViewState } from './view/use-paste-view';
import './components/shared.css';
import './view/view.css';

/** The states this view draws; the page shows the others (missing, gone, failed) on screens of their own. */
export type ShownPasteState = Extract<
  PasteViewState,
  { status: 'loading' | 'locked' | 'reveal' | 'ready' | 'passphrase' }
>;

type PasteShareViewProps = {
  slug: string;
  state: ShownPasteState;
  /** The open paste's raw text link. */
  rawUrl: string;
  onUnlock: (password: string) => void;
  onReveal: () => void;
  /** A passphrase paste's passphrase, typed on the page (never on a server-rendered one). */
  onPassphrase?: ((passphrase: string) => void) | undefined;
  onEdit?: (() => void) | undefined;
  children?: ReactNode;
};

export function PasteShareView({
  slug,
  state,
  rawUrl,
  onUnlock,
  onReveal,
  onPassphrase,
  onEdit,
  children,
}: PasteShareViewProps) {
  const { t } = useTranslation();
  return (
    <section
      className="page page--wide paste-view"
      aria-labelledby="paste-title"
      aria-busy={state.status === 'loading'}
    >
      <h1 id="paste-title" className="page__title">
        {t('pages.paste.title')} <span className="paste-view__slug">{slug}</span>
      </h1>
      {state.status === 'loading' && <p role="status">{t('app.loading')}</p>}
      {state.status === 'locked' && <PasswordPrompt busy={state.unlocking} error={state.error} onSubmit={onUnlock} />}
      {state.status === 'reveal' && (
        <RevealPrompt viewsLeft={state.viewsLeft} busy={state.revealing} error={state.error} onReveal={onReveal} />
      )}
      {state.status === 'passphrase' && onPassphrase !== undefined && (
        <PastePassphrasePrompt busy={state.deriving} wrong={state.wrong} onSubmit={onPassphrase} />
      )}
      {state.status === 'ready' && <OpenPaste paste={state.paste} rawUrl={rawUrl} onEdit={onEdit} />}
      {children}
    </section>
  );
}
