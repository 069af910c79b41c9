import { useEffect, useState } from 'react';
import './qr-code.css';

/** A QR code image for `text`; the qrcode library loads only when one is first shown. */
export function QrCode({ text, alt, size = 192 }: { text: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: size, margin: 1 }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [text, size]);
  return src === null ? (
    <span className="qr-code qr-code--loading" style={{ width: size, height: size }} />
  ) : (
    <img className="qr-code" src={src} alt={alt} width={size} height={size} />
  );
}
