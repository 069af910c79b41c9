import { useTranslation } from 'react-i18next';
import type { PasteCreateResult } from '@shared/api/paste.schema';
import { ShareLink } from '@ui/components/share-link';
import { useCountdown } from './use-countdown';

const SHOW_SECONDS = 60;

type ShareResultProps = { result: PasteCreateResult; rawUrl: string; onHide: () => void };

/** The new paste's link (the shared share box) and its raw link; it hides itself after a countdown. */
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
      <ShareLink url={result.url} label={t('pastes.share.link')}>
        <button type="button" className="button" onClick={onHide}>
          {t('pastes.share.hide')}
        </button>
      </ShareLink>
      <p className="share-link__label">{t('pastes.share.raw')}</p>
      {result.hasPassword || result.url.includes('#k=') ? (
        <p className="muted">{t('pastes.share.rawProtected')}</p>
      ) : (
        <a href={rawUrl} className="share-link__url mono" target="_blank" rel="noopener noreferrer">
          {rawUrl}
        </a>
      )}
    </section>
  );
}
