import { useTranslation } from 'react-i18next';
import { PASTE_REMARK_MAX_LENGTH } from '@shared/api/paste.schema';
import { SLUG_MAX_LENGTH } from '@shared/limits';
import { SelectField } from '@ui/components/select-field';
import { TextField } from '@ui/components/text-field';
import { expiryPresets, isExpiryPreset } from '@ui/features/pastes/lib/expiry-preset';
import type { ExpiryChoice, PasteOptions } from '@ui/features/pastes/lib/paste-options';
import './shared.css';

export type FieldErrors = Partial<
  Record<'remark' | 'slug' | 'password' | 'expiry' | 'maxViews' | 'passphrase', string>
>;

type PasteOptionsFieldsProps = {
  value: PasteOptions;
  onChange: (patch: Partial<PasteOptions>) => void;
  /** Leaving the link suffix field starts its inline check. */
  onSlugBlur: () => void;
  errors: FieldErrors;
  /** Set when editing: adds "keep" choices and clearing an existing password. */
  editing?: { hasPassword: boolean };
};

/** Remark, link suffix, password, expiry and max views, for creating and for editing a paste. */
export function PasteOptionsFields({ value, onChange, onSlugBlur, errors, editing }: PasteOptionsFieldsProps) {
  const { t } = useTranslation();
  const choices: ExpiryChoice[] = editing ? ['keep', ...expiryPresets] : [...expiryPresets];
  const passwordLabel = editing?.hasPassword ? t('pastes.options.newPassword') : t('pastes.options.password');

  return (
    <div className="paste-options">
      <TextField
        label={t('pastes.options.remark')}
        value={value.remark}
        maxLength={PASTE_REMARK_MAX_LENGTH}
        onChange={(e) => onChange({ remark: e.target.value })}
        error={errors.remark}
      />
      <div>
        <TextField
          label={t('pastes.options.slug')}
          value={value.slug}
          maxLength={SLUG_MAX_LENGTH + 10}
          autoCapitalize="off"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ slug: e.target.value })}
          onBlur={onSlugBlur}
          error={errors.slug}
        />
        <p className="field__hint">{t('pastes.options.slugHint', { max: SLUG_MAX_LENGTH })}</p>
      </div>
      <div>
        <TextField
          label={passwordLabel}
          type="password"
          autoComplete="new-password"
          value={value.password}
          onChange={(e) => onChange({ password: e.target.value, clearPassword: false })}
          error={errors.password}
        />
        {editing?.hasPassword && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={value.clearPassword}
              disabled={value.password !== ''}
              onChange={(e) => onChange({ clearPassword: e.target.checked })}
            />
            {t('pastes.options.clearPassword')}
          </label>
        )}
      </div>
      <SelectField
        label={t('pastes.options.expiry')}
        value={value.expiry}
        onChange={(e) => {
          const next = e.target.value;
          if (next === 'keep' || isExpiryPreset(next)) onChange({ expiry: next });
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`pastes.expiry.${choice}`)}
          </option>
        ))}
      </SelectField>
      <div>
        <TextField
          label={t('pastes.options.maxViews')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value.maxViews}
          onChange={(e) => onChange({ maxViews: e.target.value })}
          error={errors.maxViews}
        />
        <p className="field__hint">{t('pastes.options.maxViewsHint')}</p>
      </div>
      {!editing && (
        <div>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={value.e2ee === true}
              aria-describedby="paste-e2ee-hint"
              onChange={(e) => onChange({ e2ee: e.target.checked })}
            />
            {t('pastes.options.e2ee')}
          </label>
          <p id="paste-e2ee-hint" className="field__hint">
            {t('pastes.options.e2eeHint')}
          </p>
        </div>
      )}
      {!editing && value.e2ee === true && (
        <div>
          <TextField
            label={t('pastes.options.passphrase')}
            type="password"
            autoComplete="new-password"
            value={value.passphrase ?? ''}
            onChange={(e) => onChange({ passphrase: e.target.value })}
            error={errors.passphrase}
            hint={t('pastes.options.passphraseHint')}
          />
        </div>
      )}
    </div>
  );
}
