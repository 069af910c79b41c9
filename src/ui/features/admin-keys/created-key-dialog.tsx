import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '@shared/api/api-key.schema';
import { Dialog } from '@ui/components/dialog';
import { copyToClipboard } from '@ui/lib/clipboard';
import { ToolProfilesPanel } from './tool-profiles-panel';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The one time the full key is visible: shown read-only with a Copy button and a warning, and for a
 * key that may share files, its tool profiles with the key already in them.
 */
export function CreatedKeyDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  const keyId = useId();
  const warningId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');

  return (
    <Dialog title={t('keys.created.title')} onClose={onClose} describedBy={warningId}>
      <p>{t('keys.created.intro', { name: created.name })}</p>
      <p id={warningId} className="form-error">
        {t('keys.created.warning')}
      </p>
      <div className="field">
        <label htmlFor={keyId} className="field__label">
          {t('keys.created.keyLabel')}
        </label>
        <input id={keyId} className="input mono" readOnly value={created.key} onFocus={(e) => e.target.select()} />
      </div>
      <p role="status" className="field__hint">
        {copy === 'copied' ? t('keys.created.copied') : copy === 'failed' ? t('keys.created.copyFailed') : ''}
      </p>
      {created.file_permission && <ToolProfilesPanel keyName={created.name} apiKey={created.key} />}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--primary"
          data-autofocus
          onClick={() => void copyToClipboard(created.key).then((ok) => setCopy(ok ? 'copied' : 'failed'))}
        >
          {t('keys.created.copy')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('keys.created.done')}
        </button>
      </div>
    </Dialog>
  );
}
