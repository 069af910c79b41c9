import { useTranslation } from 'react-i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { apiErrorMessage } from '@ui/lib/api-error-message';

type RevealPromptProps = { viewsLeft: number | null; busy: boolean; error: ApiErrorInit | null; onReveal: () => void };

/**
 * A view-limited paste before anyone asked to see it: nothing of it is shown and no view is spent
 * until the visitor presses the button, so link previews, prefetchers and mail scanners spend none.
 */
export function RevealPrompt({ viewsLeft, busy, error, onReveal }: RevealPromptProps) {
  const { t } = useTranslation();
  return (
    <div className="reveal-prompt" aria-busy={busy}>
      <h2 className="reveal-prompt__title">{t('pastes.view.revealTitle')}</h2>
      <p className="notice">{t('pastes.view.revealIntro')}</p>
      {error && (
        <p className="field__error" role="alert">
          {apiErrorMessage(t, error)}
        </p>
      )}
      <div className="actions">
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={onReveal}>
          {busy
            ? t('pastes.view.revealing')
            : viewsLeft === null
              ? t('pastes.view.revealAny')
              : t('pastes.view.reveal', { count: viewsLeft })}
        </button>
      </div>
    </div>
  );
}
