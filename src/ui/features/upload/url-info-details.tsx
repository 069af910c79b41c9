import { useTranslation } from 'react-i18next';
import type { UrlInfo } from '@shared/api/url-upload.schema';
import { TextField } from '@ui/components/text-field';
import { formatBytes } from '@ui/lib/format-bytes';

type UrlInfoDetailsProps = { info: UrlInfo; name: string; onName: (name: string) => void };

/** What the server found at the URL: size, type, whether the browser may fetch it, and the name to save it under. */
export function UrlInfoDetails({ info, name, onName }: UrlInfoDetailsProps) {
  const { t } = useTranslation();
  return (
    <section className="url-info" aria-label={t('upload.url.details')}>
      <TextField
        label={t('upload.url.name')}
        value={name}
        required
        maxLength={255}
        onChange={(e) => onName(e.target.value)}
      />
      <dl className="url-info__facts">
        <div>
          <dt>{t('upload.url.size')}</dt>
          <dd>{info.size === null ? t('upload.url.sizeUnknown') : formatBytes(info.size)}</dd>
        </div>
        <div>
          <dt>{t('upload.url.type')}</dt>
          <dd className="mono">{info.contentType}</dd>
        </div>
      </dl>
      <p className="notice">{info.corsSupported ? t('upload.url.direct') : t('upload.url.viaProxy')}</p>
    </section>
  );
}
