// The hidden environment switcher: an admin who opens any page with ?showEnvSwitcher sees it
// (the root layout loads it only then). The new address applies after a reload, like a fresh start.
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@ui/components/dialog';
import { TextField } from '@ui/components/text-field';
import { BACKEND_URL_STORAGE_KEY } from '@ui/lib/base-url';
import { parseBackendUrl } from './backend-url';

export function EnvSwitcher() {
  const { t } = useTranslation();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const saved = window.localStorage.getItem(BACKEND_URL_STORAGE_KEY);
  const [value, setValue] = useState(saved ?? '');
  const [error, setError] = useState<'required' | 'invalid' | null>(null);
  const apply = (next: string | null) => {
    if (next === null) window.localStorage.removeItem(BACKEND_URL_STORAGE_KEY);
    else window.localStorage.setItem(BACKEND_URL_STORAGE_KEY, next);
    // go(0) reloads the document, as the offline fallback does.
    router.history.go(0);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBackendUrl(value);
    if (parsed.ok) apply(parsed.url);
    else setError(parsed.error);
  };

  return (
    <div className="env-switcher">
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('envSwitcher.open')}
      </button>
      {open && (
        <Dialog title={t('envSwitcher.title')} onClose={() => setOpen(false)}>
          <p>{t('envSwitcher.intro')}</p>
          <p className="field__hint">{t('envSwitcher.current', { url: saved ?? t('envSwitcher.sameOrigin') })}</p>
          <form className="form" onSubmit={submit} noValidate>
            <TextField
              label={t('envSwitcher.label')}
              type="url"
              inputMode="url"
              placeholder={t('envSwitcher.hint')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error ? t(`envSwitcher.errors.${error}`) : undefined}
            />
            <div className="dialog__actions">
              <button type="button" className="button" onClick={() => apply(null)}>
                {t('envSwitcher.reset')}
              </button>
              <button type="button" className="button" onClick={() => setOpen(false)}>
                {t('dialog.cancel')}
              </button>
              <button type="submit" className="button button--primary">
                {t('envSwitcher.save')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}
