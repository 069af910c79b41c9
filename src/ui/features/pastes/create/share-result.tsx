import { useTranslation } from 'react-i18next';
import type { PasteCreateResult } from '@shared/api/paste.schema';
import { CopyButton } from '../components/copy-button';
import { ShareQr } from './share-qr';
import { useCountdown } from './use-countdown';

const SHOW_SECONDS = 60;

type ShareResultProps = { result: PasteCreateResult; rawUrl: string; onHide: () => void };

/** The new paste's link with copy, QR code and raw link; it hides itself after a countdown. */
export function ShareResult({ result, rawUrl, onHide }: ShareResultProps) {
  const { t } = useTranslation();
  const left = useCountdown(SHOW_SECONDS, onHide);

  return (
    <section className="share-result" aria-labelledby="share-result-title">
      <div className="share-result__head">
        <h2 id="share-result-title">{t('pastes.share.title')}</h2>
        <p className="share-result__timer" role="timer">
          {t('pastes.share.hidesIn', { seconds: left })}
        </p>
      </div>
      <div className="share-result__body">
        <div className="share-result__links">
          <p className="share-result__label">{t('pastes.share.link')}</p>
          <a href={result.url} className="share-result__url" data-testid="share-link">
            {result.url}
          </a>
          <div className="actions">
            <CopyButton text={result.url} label={t('pastes.share.copyLink')} />
            <button type="button" className="button" onClick={onHide}>
              {t('pastes.share.hide')}
            </button>
          </div>
          <p className="share-result__label">{t('pastes.share.raw')}</p>
          {result.hasPassword ? (
            <p className="muted">{t('pastes.share.rawProtected')}</p>
          ) : (
            <a href={rawUrl} className="share-result__url" target="_blank" rel="noopener noreferrer">
              {rawUrl}
            </a>
          )}
        </div>
        <ShareQr url={result.url} />
      </div>
    </section>
  );
}
