import { useTranslation } from 'react-i18next';
import type { ApiKeyFormValues } from './api-key-form';

type Flag = 'text' | 'file' | 'mount' | 'readOnly';
const flags: readonly { flag: Flag; label: 'textPermission' | 'filePermission' | 'mountPermission' | 'readOnly' }[] = [
  { flag: 'text', label: 'textPermission' },
  { flag: 'file', label: 'filePermission' },
  { flag: 'mount', label: 'mountPermission' },
  { flag: 'readOnly', label: 'readOnly' },
];

type PermissionFieldsProps = { values: ApiKeyFormValues; onChange: (flag: Flag, checked: boolean) => void };

/** Text, file and mount rights, plus read-only, which only means something with mount. */
export function PermissionFields({ values, onChange }: PermissionFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="checks">
      <legend className="field__label">{t('keys.form.permissions')}</legend>
      {flags.map(({ flag, label }) => (
        <label key={flag} className="check">
          <input
            type="checkbox"
            checked={values[flag]}
            disabled={flag === 'readOnly' && !values.mount}
            onChange={(e) => onChange(flag, e.target.checked)}
          />
          {t(`keys.form.${label}`)}
        </label>
      ))}
    </fieldset>
  );
}
