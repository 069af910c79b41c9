import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../components/qr-code';
import { copyToClipboard } from '../../lib/clipboard';

/** The share link of one finished upload, with copy and a QR code on demand. */
export function ShareResult({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const [qr, setQr] = useState(false);
  const url = `${window.location.origin}/file/${encodeURIComponent(slug)}`;
  const copy = async () => setCopied(await copyToClipboard(url));

  return (
    <div className="share-result">
      <a className="share-result__link mono" href={url} aria-label={t('upload.share.link')}>
        {url}
      </a>
      <div className="actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {t('upload.share.copy')}
        </button>
        <button type="button" className="button" aria-expanded={qr} onClick={() => setQr((on) => !on)}>
          {qr ? t('upload.share.hideQr') : t('upload.share.showQr')}
        </button>
      </div>
      {copied !== null && (
        <p role="status" className={copied ? 'notice' : 'field__error'}>
          {copied ? t('upload.share.copied') : t('upload.share.copyFailed')}
        </p>
      )}
      {qr && <QrCode text={url} alt={t('upload.share.qrAlt', { url })} />}
    </div>
  );
}
