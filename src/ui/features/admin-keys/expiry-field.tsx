import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field';
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
  const id = useId();
  const choices = expiryChoices.filter((c) => allowKeep || c !== 'keep');
  return (
    <>
      <div className="field">
        <label htmlFor={id} className="field__label">
          {t('keys.form.expiry')}
        </label>
        <select
          id={id}
          className="input"
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
        </select>
      </div>
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
