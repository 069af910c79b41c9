import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRequestView } from '@shared/api/file-request.schema';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { FormError } from '@ui/components/form-error';
import { TextField } from '@ui/components/text-field';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useFileRequestWrites } from './data';

const MB = 1024 * 1024;

type Values = {
  path: string;
  title: string;
  message: string;
  maxFiles: string;
  maxTotalMb: string;
  maxFileMb: string;
  types: string;
  password: string;
  requireName: boolean;
  webhookUrl: string;
};

function valuesOf(request: FileRequestView | null, path: string): Values {
  const mb = (bytes: number | null) => (bytes === null ? '' : String(Math.round((bytes / MB) * 100) / 100));
  return {
    path: request?.path ?? path,
    title: request?.title ?? '',
    message: request?.message ?? '',
    maxFiles: request?.max_files === null || request === null ? '' : String(request.max_files),
    maxTotalMb: mb(request?.max_total_bytes ?? null),
    maxFileMb: mb(request?.max_file_bytes ?? null),
    types: request?.allowed_types?.join(', ') ?? '',
    password: '',
    requireName: request?.require_name ?? false,
    webhookUrl: request?.webhook_url ?? '',
  };
}

const numberOr = (text: string, scale = 1) => (text.trim() === '' ? null : Math.round(Number(text) * scale));

type RequestFormDialogProps = {
  editing: FileRequestView | null;
  /** The folder a new request starts with (the explorer's "Request files here…"). */
  path?: string;
  onClose: () => void;
  onSaved: (request: FileRequestView) => void;
};

/** Create or edit a request: its folder (fixed once made), words for uploaders and limits. */
export function RequestFormDialog({ editing, path = '', onClose, onSaved }: RequestFormDialogProps) {
  const { t } = useTranslation();
  const writes = useFileRequestWrites();
  const [values, setValues] = useState(() => valuesOf(editing, path));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => setValues((v) => ({ ...v, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const types = values.types
      .split(/[\s,]+/)
      .map((type) => type.trim())
      .filter((type) => type !== '');
    const settings = {
      title: values.title,
      message: values.message,
      max_files: numberOr(values.maxFiles),
      max_total_bytes: numberOr(values.maxTotalMb, MB),
      max_file_bytes: numberOr(values.maxFileMb, MB),
      allowed_types: types.length === 0 ? null : types,
      require_name: values.requireName,
      webhook_url: values.webhookUrl.trim() === '' ? null : values.webhookUrl.trim(),
      ...(values.password === '' ? {} : { password: values.password }),
    };
    try {
      onSaved(
        editing === null
          ? await writes.create({ path: values.path, ...settings })
          : await writes.update(editing.id, settings),
      );
    } catch (failure) {
      setError(apiErrorMessage(t, toErrorInit(failure)));
      setBusy(false);
    }
  };

  return (
    <Dialog title={editing === null ? t('requests.form.createTitle') : t('requests.form.editTitle')} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <TextField
          label={t('requests.form.path')}
          value={values.path}
          onChange={(e) => set('path', e.target.value)}
          disabled={editing !== null}
          hint={t('requests.form.pathHint')}
          required
        />
        <TextField
          label={t('requests.form.title')}
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          required
        />
        <TextField
          label={t('requests.form.message')}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
        />
        <TextField
          label={t('requests.form.maxFiles')}
          inputMode="numeric"
          value={values.maxFiles}
          onChange={(e) => set('maxFiles', e.target.value)}
        />
        <TextField
          label={t('requests.form.maxTotalMb')}
          inputMode="decimal"
          value={values.maxTotalMb}
          onChange={(e) => set('maxTotalMb', e.target.value)}
        />
        <TextField
          label={t('requests.form.maxFileMb')}
          inputMode="decimal"
          value={values.maxFileMb}
          onChange={(e) => set('maxFileMb', e.target.value)}
        />
        <TextField
          label={t('requests.form.types')}
          hint={t('requests.form.typesHint')}
          value={values.types}
          onChange={(e) => set('types', e.target.value)}
        />
        <TextField
          label={editing?.has_password ? t('requests.form.newPassword') : t('requests.form.password')}
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
        />
        <label className="check">
          <input type="checkbox" checked={values.requireName} onChange={(e) => set('requireName', e.target.checked)} />{' '}
          {t('requests.form.requireName')}
        </label>
        <TextField
          label={t('requests.form.webhook')}
          type="url"
          value={values.webhookUrl}
          onChange={(e) => set('webhookUrl', e.target.value)}
        />
        <FormError message={error} />
        <FormDialogActions
          busy={busy}
          submitLabel={editing === null ? t('requests.form.create') : t('requests.form.save')}
          busyLabel={t('requests.form.saving')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
