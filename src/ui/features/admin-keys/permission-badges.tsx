import { useTranslation } from 'react-i18next';
import type { ApiKeyView } from '@shared/api/api-key.schema';

/** A key's rights as badges: text, file, mount, and read-only when it applies. */
export function PermissionBadges({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  const labels = [
    apiKey.text_permission && t('keys.permission.text'),
    apiKey.file_permission && t('keys.permission.file'),
    apiKey.mount_permission && t('keys.permission.mount'),
  ].filter((label) => typeof label === 'string');
  if (labels.length === 0) return <span className="badge badge--muted">{t('keys.permission.none')}</span>;
  return (
    <span className="badges">
      {labels.map((label) => (
        <span key={label} className="badge">
          {label}
        </span>
      ))}
      {apiKey.read_only && <span className="badge badge--muted">{t('keys.permission.readOnly')}</span>}
    </span>
  );
}
