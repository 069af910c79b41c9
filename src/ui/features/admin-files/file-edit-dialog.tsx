import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@shared/api/file-share.schema';
import type { ApiErrorInit } from '@shared/api-error';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { FormError } from '@ui/components/form-error';
import { SelectField } from '@ui/components/select-field';
import { TextField } from '@ui/components/text-field';
import { useFormSubmit, type PreparedSubmit } from '@ui/lib/use-form-submit';
import { useFileShareWrites, type FileScope } from './data/use-file-shares';
import {
  fileEditFormFrom,
  fileExpiryChoices,
  fileUpdateFrom,
  isOneOf,
  passwordChoices,
  type FileEditForm,
  type FileEditProblems,
} from './file-edit-form';

type FileEditDialogProps = {
  file: FileRecord;
  scope: FileScope;
  onClose: () => void;
  onSaved: (file: FileRecord) => void;
};

/** A taken link suffix belongs on its field. */
const refusalErrors = (error: ApiErrorInit): FileEditProblems | null =>
  error.kind === 'slug-taken' ? { slug: 'slugTaken' } : null;

/** Remark, link suffix, expiry, view limit, password and proxy of one shared file. */
export function FileEditDialog({ file, scope, onClose, onSaved }: FileEditDialogProps) {
  const { t } = useTranslation();
  const { update } = useFileShareWrites(scope);
  const [form, setForm] = useState<FileEditForm>(() => fileEditFormFrom(file));
  const {
    errors: problems,
    formError,
    busy,
    formRef,
    submit,
  } = useFormSubmit<FileEditProblems>({ fieldErrors: refusalErrors });
  const set = (change: Partial<FileEditForm>) => setForm((current) => ({ ...current, ...change }));
  const problem = (key: keyof FileEditProblems) =>
    problems[key] ? t(`adminFiles.form.problems.${problems[key]}`) : undefined;

  const prepare = (): PreparedSubmit<FileEditProblems> => {
    const result = fileUpdateFrom(form, file, Date.now());
    if (!result.ok) return { ok: false, errors: result.problems };
    return { ok: true, send: async () => onSaved(await update(file.id, result.body)) };
  };

  return (
    <Dialog title={t('adminFiles.form.title', { name: file.filename })} onClose={onClose}>
      <form ref={formRef} className="form" onSubmit={submit(prepare)} noValidate>
        <TextField
          label={t('adminFiles.form.remark')}
          value={form.remark}
          onChange={(e) => set({ remark: e.target.value })}
        />
        <TextField
          label={t('adminFiles.form.slug')}
          value={form.slug}
          error={problem('slug')}
          onChange={(e) => set({ slug: e.target.value })}
        />
        <SelectField
          label={t('adminFiles.form.expiry')}
          value={form.expiry}
          onChange={(e) => isOneOf(fileExpiryChoices, e.target.value) && set({ expiry: e.target.value })}
        >
          {fileExpiryChoices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`adminFiles.form.expiryOptions.${choice}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('adminFiles.form.maxViews')}
          type="number"
          min={0}
          value={form.maxViews}
          error={problem('maxViews')}
          onChange={(e) => set({ maxViews: e.target.value })}
        />
        <SelectField
          label={t('adminFiles.form.password')}
          value={form.passwordChoice}
          onChange={(e) => isOneOf(passwordChoices, e.target.value) && set({ passwordChoice: e.target.value })}
        >
          {passwordChoices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`adminFiles.form.passwordOptions.${choice}`)}
            </option>
          ))}
        </SelectField>
        {form.passwordChoice === 'set' && (
          <TextField
            label={t('adminFiles.form.newPassword')}
            type="password"
            autoComplete="new-password"
            value={form.password}
            error={problem('password')}
            onChange={(e) => set({ password: e.target.value })}
          />
        )}
        <label className="check-field">
          <input type="checkbox" checked={form.useProxy} onChange={(e) => set({ useProxy: e.target.checked })} />
          {t('adminFiles.form.useProxy')}
        </label>
        <FormError message={formError} />
        <FormDialogActions
          busy={busy}
          busyLabel={t('adminFiles.form.saving')}
          submitLabel={t('adminFiles.form.save')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
