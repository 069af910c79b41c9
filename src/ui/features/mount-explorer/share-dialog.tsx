// "Share…" on a file of a mount: password, expiry, view limit, remark and link suffix, then the new
// share's link with its copy button and QR code. The file stays where it is; the share reads it.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { FormError } from '@ui/components/form-error';
import { SelectField } from '@ui/components/select-field';
import { ShareLink } from '@ui/components/share-link';
import { TextField } from '@ui/components/text-field';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import type { ShareFile } from './data/use-fs-share';
import {
  emptyShareForm,
  isShareExpiryPreset,
  shareExpiryPresets,
  shareRequestFrom,
  type ShareForm,
  type ShareProblems,
} from './share-form';

type ShareDialogProps = { entry: FsEntry; share: ShareFile; onClose: () => void };

export function ShareDialog({ entry, share, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ShareForm>(emptyShareForm);
  const [problems, setProblems] = useState<ShareProblems>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const change = (update: Partial<ShareForm>) => setForm((now) => ({ ...now, ...update }));
  const problem = (key: keyof ShareProblems) => {
    const code = problems[key];
    return code ? t(`explorer.share.problems.${code}`) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = shareRequestFrom(entry.path, form);
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    setError(null);
    setBusy(true);
    share(checked.request).then(
      (result) => setLink(new URL(result.url, window.location.origin).href),
      (failure: unknown) => {
        const init = toErrorInit(failure);
        setBusy(false);
        if (init.kind === 'slug-taken') setProblems({ slug: 'slugTaken' });
        else setError(apiErrorMessage(t, init));
      },
    );
  };

  const title = t('explorer.share.title', { name: entry.name });
  if (link !== null)
    return (
      <Dialog title={title} onClose={onClose}>
        <ShareLink url={link} label={t('explorer.share.link')} />
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose} data-autofocus="">
            {t('explorer.share.done')}
          </button>
        </div>
      </Dialog>
    );

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t('explorer.share.intro')}</p>
        <TextField
          label={t('explorer.share.password')}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => change({ password: e.target.value })}
          data-autofocus=""
        />
        <SelectField
          label={t('explorer.share.expiry')}
          value={form.expiry}
          onChange={(e) => isShareExpiryPreset(e.target.value) && change({ expiry: e.target.value })}
        >
          {shareExpiryPresets.map((preset) => (
            <option key={preset} value={preset}>
              {t(`explorer.share.expiryOptions.${preset}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('explorer.share.maxViews')}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={form.maxViews}
          error={problem('maxViews')}
          onChange={(e) => change({ maxViews: e.target.value })}
        />
        <TextField
          label={t('explorer.share.remark')}
          value={form.remark}
          onChange={(e) => change({ remark: e.target.value })}
        />
        <TextField
          label={t('explorer.share.slug')}
          value={form.slug}
          hint={t('explorer.share.slugHint')}
          error={problem('slug')}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => change({ slug: e.target.value })}
        />
        <FormError message={error} />
        <FormDialogActions
          busy={busy}
          submitLabel={t('explorer.share.submit')}
          busyLabel={t('explorer.share.busy')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
