import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flameshotCommand, sharexFileName, sharexProfile } from '@shared/tool-profiles';
import { copyToClipboard } from '@ui/lib/clipboard';
import { useUploadAddress } from './data/use-upload-address';

type CopyState = 'idle' | 'copied' | 'failed';

/** Saves text as a file through a temporary object URL. */
function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type ToolProfilesPanelProps = {
  keyName: string;
  /** The full key when it is known (at creation); null asks for it and falls back to a placeholder. */
  apiKey: string | null;
};

/** A ShareX profile and a Flameshot command for one key and this server. */
export function ToolProfilesPanel({ keyName, apiKey }: ToolProfilesPanelProps) {
  const { t } = useTranslation();
  const uploadUrl = useUploadAddress();
  const keyInputId = useId();
  const snippetId = useId();
  const titleId = useId();
  const [typedKey, setTypedKey] = useState('');
  const [copy, setCopy] = useState<CopyState>('idle');
  const key = apiKey ?? (typedKey.trim() === '' ? null : typedKey.trim());
  const input = { uploadUrl, apiKey: key, name: `Clipdock (${keyName})` };
  const snippet = flameshotCommand(input);

  return (
    <section className="form" aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className="field__label">
          {t('keys.tools.title')}
        </h3>
        <p className="field__hint">{t('keys.tools.intro')}</p>
      </div>
      {apiKey === null && (
        <div className="field">
          <label htmlFor={keyInputId} className="field__label">
            {t('keys.tools.keyLabel')}
          </label>
          <input
            id={keyInputId}
            className="input mono"
            type="password"
            autoComplete="off"
            value={typedKey}
            onChange={(e) => setTypedKey(e.target.value)}
          />
          <p className="field__hint">{t('keys.tools.keyHint')}</p>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => saveFile(sharexFileName(keyName), `${JSON.stringify(sharexProfile(input), null, 2)}\n`)}
        >
          {t('keys.tools.sharex')}
        </button>
      </div>
      <div className="field">
        <label htmlFor={snippetId} className="field__label">
          {t('keys.tools.flameshot')}
        </label>
        <textarea id={snippetId} className="input mono" readOnly rows={4} value={snippet} />
      </div>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => void copyToClipboard(snippet).then((ok) => setCopy(ok ? 'copied' : 'failed'))}
        >
          {t('keys.tools.copyCommand')}
        </button>
        <p role="status" className="field__hint">
          {copy === 'copied' ? t('keys.created.copied') : copy === 'failed' ? t('keys.tools.copyFailed') : ''}
        </p>
      </div>
    </section>
  );
}
