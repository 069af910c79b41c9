// Messages for the paste forms: client-side problems found on submit (the link suffix is checked
// inline, see use-slug-check), and an API failure either pinned to the field it concerns (taken
// slug, server validation issues) or shown for the whole form.
import type { TFunction } from 'i18next';
import type { ApiErrorInit } from '@shared/api-error';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import type { FieldErrors } from '@ui/features/pastes/components/paste-options-fields';
import { type OptionsProblems, PASSPHRASE_MIN_LENGTH } from './paste-options';

export type FormErrors = { fields: FieldErrors; content?: string; form?: string };

export function problemMessages(t: TFunction, problems: OptionsProblems): FormErrors {
  return {
    content: problems.content && t('pastes.form.contentRequired'),
    fields: {
      maxViews: problems.maxViews && t('pastes.options.maxViewsInvalid'),
      passphrase: problems.passphrase && t('pastes.options.passphraseShort', { min: PASSPHRASE_MIN_LENGTH }),
    },
  };
}

const fieldOfPath: Record<string, keyof FieldErrors> = {
  remark: 'remark',
  slug: 'slug',
  password: 'password',
  expiresAt: 'expiry',
  maxViews: 'maxViews',
};

export function apiFailureMessages(t: TFunction, error: ApiErrorInit): FormErrors {
  if (error.kind === 'slug-taken') return { fields: { slug: t('errors.slug-taken') } };
  const fields: FieldErrors = {};
  for (const issue of error.fields ?? []) {
    const field = fieldOfPath[issue.path];
    if (field) fields[field] = issue.message;
  }
  const pinned = Object.keys(fields).length > 0;
  return { fields, form: pinned ? undefined : apiErrorMessage(t, error) };
}
