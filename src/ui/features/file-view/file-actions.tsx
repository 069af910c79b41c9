import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '@ui/components/qr-code';
import { copyToClipboard } from '@ui/lib/clipboard';

type FileActionsProps = {
  downloadUrl: string | null;
  filename: string;
  /** Into the file basket; absent for a share behind a password, whose links need its token. */
  onAddToBasket?: () => Promise<string>;
};

/** Download, add to the basket, copy this page's link, and a QR code on demand. */
export function FileActions({ downloadUrl, filename, onAddToBasket }: FileActionsProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const [basketNotice, setBasketNotice] = useState<string | null>(null);
  const [qr, setQr] = useState(false);
  // Read only when asked for: the server renders this component too (src/ui/ssr).
  const pageUrl = () => `${window.location.origin}${window.location.pathname}`;

  return (
    <div className="file-actions">
      <div className="actions">
        {downloadUrl && (
          <a className="button button--primary" href={downloadUrl} download={filename}>
            {t('fileView.download')}
          </a>
        )}
        {onAddToBasket && (
          <button type="button" className="button" onClick={() => void onAddToBasket().then(setBasketNotice)}>
            {t('basket.add')}
          </button>
        )}
        <button type="button" className="button" onClick={() => void copyToClipboard(pageUrl()).then(setCopied)}>
          {t('fileView.copyLink')}
        </button>
        <button type="button" className="button" aria-expanded={qr} onClick={() => setQr((on) => !on)}>
          {qr ? t('fileView.hideQr') : t('fileView.showQr')}
        </button>
      </div>
      {copied !== null && (
        <p role="status" className={copied ? 'notice' : 'field__error'}>
          {copied ? t('fileView.copied') : t('fileView.copyFailed')}
        </p>
      )}
      {basketNotice !== null && (
        <p role="status" className="notice">
          {basketNotice}
        </p>
      )}
      {qr && <QrCode text={pageUrl()} alt={t('fileView.qrAlt')} />}
    </div>
  );
}
