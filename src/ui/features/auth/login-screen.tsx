import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthView, useSessionEndReason } from '@ui/domain/session/auth-provider';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { ApiKeyLoginForm } from './api-key-login-form';
import { loginErrorMessage, type LoginMode } from './login-error-message';
import { PasswordLoginForm } from './password-login-form';

const modes: readonly LoginMode[] = ['password', 'apiKey'];

/**
 * Admin login with two modes as tabs: username and password, or an API key. When the server
 * ended the last session, that is said until the user tries to log in again.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const view = useAuthView();
  const sessionEnd = useSessionEndReason();
  const baseId = useId();
  const tabRefs = useRef<Partial<Record<LoginMode, HTMLButtonElement | null>>>({});
  const [mode, setMode] = useState<LoginMode>('password');
  const [submittedMode, setSubmittedMode] = useState<LoginMode | null>(null);
  useDocumentTitle(t('auth.login.title'));

  const busy = view.status === 'loggingIn';
  const error = !busy && view.error && submittedMode === mode ? loginErrorMessage(t, mode, view.error) : null;
  const sessionNotice = sessionEnd !== null && submittedMode === null ? t(`errors.${sessionEnd}`) : null;
  const tabLabel = (m: LoginMode) => (m === 'password' ? t('auth.login.passwordMode') : t('auth.login.apiKeyMode'));

  const onTabKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = mode === 'password' ? 'apiKey' : 'password';
    setMode(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="page login" aria-labelledby={`${baseId}-title`}>
      <h1 id={`${baseId}-title`} className="page__title">
        {t('auth.login.title')}
      </h1>
      {sessionNotice && (
        <p role="alert" className="notice">
          {sessionNotice}
        </p>
      )}
      <div role="tablist" aria-label={t('auth.login.modes')} className="tabs" onKeyDown={onTabKeyDown}>
        {modes.map((m) => (
          <button
            key={m}
            ref={(el) => {
              tabRefs.current[m] = el;
            }}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls={`${baseId}-panel`}
            tabIndex={mode === m ? 0 : -1}
            className="tabs__tab"
            onClick={() => setMode(m)}
          >
            {tabLabel(m)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} className="login__panel">
        {mode === 'password' ? (
          <PasswordLoginForm busy={busy} onSubmitted={() => setSubmittedMode('password')} />
        ) : (
          <ApiKeyLoginForm busy={busy} onSubmitted={() => setSubmittedMode('apiKey')} />
        )}
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
