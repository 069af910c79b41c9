import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { officeProviders, type OfficeProvider } from '@shared/api/file-share.schema';
import { ResourceStatus } from '../../components/resource-status';
import { useOfficePreview } from './data/use-public-file';

type OfficePreviewProps = { slug: string; filename: string; token: string | undefined };

/** Word, Excel and PowerPoint files through one of the two outside viewers, switchable. */
export function OfficePreview({ slug, filename, token }: OfficePreviewProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const [provider, setProvider] = useState<OfficeProvider>('microsoft');
  const preview = useOfficePreview(slug, provider, token);

  return (
    <div className="office-preview">
      <div className="field office-preview__provider">
        <label htmlFor={selectId} className="field__label">
          {t('fileView.preview.provider')}
        </label>
        <select id={selectId} className="input" value={provider} onChange={(e) => setProvider(e.target.value === 'google' ? 'google' : 'microsoft')}>
          {officeProviders.map((name) => (
            <option key={name} value={name}>
              {t(`fileView.preview.providers.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="notice">{t('fileView.preview.officeNote')}</p>
      <ResourceStatus state={preview.state} onRetry={preview.reload}>
        {(data) => <iframe className="file-frame" src={data.url} title={t('fileView.preview.officeTitle', { name: filename })} />}
      </ResourceStatus>
    </div>
  );
}
