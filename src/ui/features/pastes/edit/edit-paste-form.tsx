import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasteDetail } from '@shared/api/paste.schema';
import { isApiError } from '@shared/api-error';
import type { ApiClient } from '@shared/http/api-client';
import { pasteEndpointsOf, type PasteScope } from '@ui/features/pastes/data/paste-scope';
import { PasteOptionsFields } from '@ui/features/pastes/components/paste-options-fields';
import { PasteEditor } from '@ui/features/pastes/editor/paste-editor';
import { apiFailureMessages, problemMessages, type FormErrors } from '@ui/features/pastes/lib/form-errors';
import { hasProblems, optionsProblems, toUpdateInput, type PasteOptions } from '@ui/features/pastes/lib/paste-options';
import { useSlugCheck } from '@ui/features/pastes/lib/use-slug-check';

type EditPasteFormProps = {
  api: ApiClient;
  scope: PasteScope;
  paste: PasteDetail;
  onSaved: (paste: PasteDetail) => void;
  onCancel: () => void;
};

const optionsOf = (paste: PasteDetail): PasteOptions => ({
  remark: paste.remark ?? '',
  slug: paste.slug,
  password: '',
  clearPassword: false,
  expiry: 'keep',
  maxViews: paste.maxViews === null ? '' : String(paste.maxViews),
});

/** The same editor and options as the home page, saving only what changed. */
export function EditPasteForm({ api, scope, paste, onSaved, onCancel }: EditPasteFormProps) {
  const { t } = useTranslation();
  const [content, setContent] = useState(paste.content);
  const [format, setFormat] = useState(paste.format);
  const [options, setOptions] = useState(() => optionsOf(paste));
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [busy, setBusy] = useState(false);
  const slugCheck = useSlugCheck(options.slug);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    slugCheck.start();
    const problems = optionsProblems(content, options);
    setErrors(problemMessages(t, problems));
    if (hasProblems(problems)) return;
    const input = toUpdateInput(paste, { content, format }, options, Date.now());
    if (Object.keys(input).length === 0) return onCancel();
    setBusy(true);
    api
      .call(pasteEndpointsOf(scope).update, { params: { id: paste.id }, body: input })
      .then(onSaved, (error: unknown) => {
        setBusy(false);
        setErrors(
          isApiError(error) ? apiFailureMessages(t, error.toJSON()) : { fields: {}, form: t('errors.bad-response') },
        );
      });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
      <PasteEditor
        value={content}
        onChange={setContent}
        format={format}
        onFormatChange={setFormat}
        label={t('pastes.editor.label')}
      />
      {errors.content && <p className="field__error">{errors.content}</p>}
      <PasteOptionsFields
        value={options}
        onChange={(patch) => setOptions({ ...options, ...patch })}
        onSlugBlur={slugCheck.start}
        errors={{ ...errors.fields, slug: slugCheck.message ?? errors.fields.slug }}
        editing={{ hasPassword: paste.hasPassword }}
      />
      {errors.form && (
        <p role="alert" className="form-error">
          {errors.form}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('pastes.form.saving') : t('pastes.form.save')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('pastes.form.cancel')}
        </button>
      </div>
    </form>
  );
}
