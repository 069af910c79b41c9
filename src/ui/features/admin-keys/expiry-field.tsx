import { useTranslation } from 'react-i18next';
import { SelectField } from '@ui/components/select-field';
import { TextField } from '@ui/components/text-field';
import { expiryChoices, type ExpiryChoice } from './api-key-form';

type ExpiryFieldProps = {
  expiry: ExpiryChoice;
  customDays: string;
  allowKeep: boolean;
  error: string | undefined;
  onExpiry: (expiry: ExpiryChoice) => void;
  onCustomDays: (days: string) => void;
};

function isExpiryChoice(value: string): value is ExpiryChoice {
  return expiryChoices.some((c) => c === value);
}

/** The expiry presets; "custom" reveals a required number of days. */
export function ExpiryField({ expiry, customDays, allowKeep, error, onExpiry, onCustomDays }: ExpiryFieldProps) {
  const { t } = useTranslation();
  const choices = expiryChoices.filter((c) => allowKeep || c !== 'keep');
  return (
    <>
      <SelectField
        label={t('keys.form.expiry')}
        value={expiry}
        onChange={(e) => {
          if (isExpiryChoice(e.target.value)) onExpiry(e.target.value);
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`keys.form.expiryOptions.${choice}`)}
          </option>
        ))}
      </SelectField>
      {expiry === 'custom' && (
        <TextField
          label={t('keys.form.customDays')}
          name="customDays"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={customDays}
          onChange={(e) => onCustomDays(e.target.value)}
          error={error}
          required
        />
      )}
    </>
  );
}
