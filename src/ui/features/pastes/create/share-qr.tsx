import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A QR code of the link, drawn once the QR chunk has loaded. */
export function ShareQr({ url }: { url: string }) {
  const { t } = useTranslation();
  const [dataUrl, setDataUrl] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 176, errorCorrectionLevel: 'M' }))
      .then(
        (image) => live && setDataUrl(image),
        () => live && setDataUrl(null),
      );
    return () => {
      live = false;
    };
  }, [url]);

  if (dataUrl === null) return <div className="share-qr share-qr--loading" aria-hidden="true" />;
  return <img className="share-qr" src={dataUrl} width={176} height={176} alt={t('pastes.share.qrAlt')} />;
}
