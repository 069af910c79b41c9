import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { officeProviders, type OfficeProvider } from '@shared/api/file-share.schema';
import type { ResourceState } from '@ui/lib/use-resource';
import { ResourceStatus } from '@ui/components/resource-status';

type OfficePreviewProps = {
  filename: string;
  provider: OfficeProvider;
  onProviderChange: (provider: OfficeProvider) => void;
  /** The chosen viewer's page for this file. */
  viewer: ResourceState<string>;
  onRetry: () => void;
};

/** Word, Excel and PowerPoint files through one of the two outside viewers, switchable. */
export function OfficePreview({ filename, provider, onProviderChange, viewer, onRetry }: OfficePreviewProps) {
  const { t } = useTranslation();
  const selectId = useId();

  return (
    <div className="office-preview">
      <div className="field office-preview__provider">
        <label htmlFor={selectId} className="field__label">
          {t('preview.provider')}
        </label>
        <select
          id={selectId}
          className="input"
          value={provider}
          onChange={(e) => onProviderChange(e.target.value === 'google' ? 'google' : 'microsoft')}
        >
          {officeProviders.map((name) => (
            <option key={name} value={name}>
              {t(`preview.providers.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="notice">{t('preview.officeNote')}</p>
      <ResourceStatus state={viewer} onRetry={onRetry}>
        {(url) => <iframe className="file-frame" src={url} title={t('preview.officeTitle', { name: filename })} />}
      </ResourceStatus>
    </div>
  );
}
