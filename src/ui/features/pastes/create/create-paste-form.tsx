import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasteCreateResult } from '@shared/api/paste.schema';
import type { ApiClient } from '@shared/http/api-client';
import { PasteOptionsFields } from '@ui/features/pastes/components/paste-options-fields';
import { SignInNotice } from '@ui/features/pastes/components/sign-in-notice';
import { PasteEditor } from '@ui/features/pastes/editor/paste-editor';
import { apiFailureMessages, problemMessages, type FormErrors } from '@ui/features/pastes/lib/form-errors';
import { emptyOptions, hasProblems, optionsProblems, type PasteOptions } from '@ui/features/pastes/lib/paste-options';
import { useSlugCheck } from '@ui/features/pastes/lib/use-slug-check';
import type { CreateAccess } from './create-access';
import { useCreatePaste } from './use-create-paste';
import { usePasteDraft } from './use-paste-draft';

const refusedKinds = new Set(['unauthorized', 'forbidden', 'admin-session-expired', 'api-key-invalid']);

type CreatePasteFormProps = { api: ApiClient; access: CreateAccess; onCreated: (result: PasteCreateResult) => void };

/** The editor, the options and the create button; the unsent text is kept as a local draft. */
export function CreatePasteForm({ api, access, onCreated }: CreatePasteFormProps) {
  const { t } = useTranslation();
  const draft = usePasteDraft();
  const [options, setOptions] = useState<PasteOptions>(emptyOptions);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const slugCheck = useSlugCheck(options.slug);
  const { state, submit } = useCreatePaste(api, (result) => {
    draft.clear();
    setOptions(emptyOptions);
    onCreated(result);
  });

  const failure = state.status === 'failed' ? state.error : null;
  const refused = failure !== null && refusedKinds.has(failure.kind);
  const server = failure && !refused ? apiFailureMessages(t, failure) : { fields: {} };
  const fieldErrors = { ...errors.fields, ...server.fields, slug: slugCheck.message ?? server.fields.slug };
  const busy = state.status === 'submitting';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    slugCheck.start();
    const problems = optionsProblems(draft.content, options);
    setErrors(problemMessages(t, problems));
    if (hasProblems(problems)) return;
    void submit(draft, options);
  };

  return (
    <form className="form create-paste" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <PasteEditor
        value={draft.content}
        onChange={draft.setContent}
        format={draft.format}
        onFormatChange={draft.setFormat}
        label={t('pastes.editor.label')}
      />
      {errors.content && <p className="field__error">{errors.content}</p>}
      <p className="muted draft-status" role="status">
        {/* An emptied editor (a paste just created) has no draft to speak of. */}
        {draft.status === 'saved' && draft.content !== '' && t('pastes.draft.saved')}
        {draft.status === 'failed' && t('pastes.draft.failed')}
      </p>
      <details className="paste-options__panel" open>
        <summary>{t('pastes.options.title')}</summary>
        <PasteOptionsFields
          value={options}
          onChange={(patch) => setOptions({ ...options, ...patch })}
          onSlugBlur={slugCheck.start}
          errors={fieldErrors}
        />
      </details>
      {refused && <SignInNotice reason="refused" />}
      {server.form && (
        <p role="alert" className="form-error">
          {server.form}
        </p>
      )}
      {access !== 'denied' && (
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('pastes.form.creating') : t('pastes.form.create')}
          </button>
        </div>
      )}
      {state.status === 'submitting' && state.deriving === true && (
        <p role="status" className="field__hint">
          <progress className="passphrase-progress" aria-label={t('pastes.options.deriving')} />
          <br />
          {t('pastes.options.deriving')}
        </p>
      )}
    </form>
  );
}
