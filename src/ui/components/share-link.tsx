import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';
import { QrCode } from './qr-code';
import './share-link.css';

type ShareLinkProps = { url: string; label: string; children?: ReactNode };

/** The one way a new share's link is shown (pastes and uploads alike): the link, copy, a QR code on demand, and any extra actions. */
export function ShareLink({ url, label, children }: ShareLinkProps) {
  const { t } = useTranslation();
  const [qr, setQr] = useState(false);
  return (
    <div className="share-link">
      <p className="share-link__label">{label}</p>
      <a href={url} className="share-link__url mono" data-testid="share-link">
        {url}
      </a>
      <div className="actions">
        <CopyButton text={url} label={t('share.copyLink')} />
        <button type="button" className="button" aria-expanded={qr} onClick={() => setQr((on) => !on)}>
          {qr ? t('share.hideQr') : t('share.showQr')}
        </button>
        {children}
      </div>
      {qr && <QrCode text={url} alt={t('share.qrAlt', { url })} size={176} />}
    </div>
  );
}
