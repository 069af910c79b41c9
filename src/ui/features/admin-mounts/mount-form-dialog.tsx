import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mountStorageTypes, type MountView } from '@shared/api/mount.schema';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import type { ApiErrorInit } from '@shared/api-error';
import { ErrorCode } from '@shared/errors';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { FormError } from '@ui/components/form-error';
import { SelectField } from '@ui/components/select-field';
import { TextField } from '@ui/components/text-field';
import { prepareSubmit, useFormSubmit } from '@ui/lib/use-form-submit';
import type { ResourceState } from '@ui/lib/use-resource';
import { toMountRequest, validateMountForm, type MountFormErrors, type MountFormValues } from './mount-form';
import { useMountWrites } from './data/use-mounts';
import { StorageConfigSelect } from './storage-config-select';

type MountFormDialogProps = {
  initial: MountFormValues;
  editing: MountView | null;
  configs: ResourceState<StorageConfig[]>;
  onRetryConfigs: () => void;
  onClose: () => void;
  onSaved: (mount: MountView) => void;
};

/** The one conflict a mount can meet: another mount already uses the path. */
const refusalErrors = (error: ApiErrorInit): MountFormErrors | null =>
  error.code === ErrorCode.Conflict ? { mountPath: 'pathTaken' } : null;

export function MountFormDialog({ initial, editing, configs, onRetryConfigs, onClose, onSaved }: MountFormDialogProps) {
  const { t } = useTranslation();
  const writes = useMountWrites();
  const [values, setValues] = useState(initial);
  const { errors, formError, busy, formRef, submit } = useFormSubmit<MountFormErrors>({ fieldErrors: refusalErrors });

  const set = <K extends keyof MountFormValues>(field: K, value: MountFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const message = (field: keyof MountFormErrors) => {
    const code = errors[field];
    return code ? t(`mounts.form.errors.${code}`) : undefined;
  };
  const prepare = () =>
    prepareSubmit(validateMountForm(values), async () => {
      const body = toMountRequest(values);
      onSaved(editing ? await writes.update(editing.id, body) : await writes.create(body));
    });

  return (
    <Dialog title={editing ? t('mounts.form.editTitle') : t('mounts.form.createTitle')} onClose={onClose}>
      <form ref={formRef} className="form" onSubmit={submit(prepare)} noValidate aria-busy={busy}>
        <TextField
          label={t('mounts.form.name')}
          name="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={message('name')}
          required
        />
        <div>
          <TextField
            label={t('mounts.form.mountPath')}
            name="mountPath"
            value={values.mountPath}
            onChange={(e) => set('mountPath', e.target.value)}
            error={message('mountPath')}
            required
          />
          <p className="field__hint">{t('mounts.form.mountPathHint')}</p>
        </div>
        <StorageConfigSelect
          configs={configs}
          value={values.storageConfigId}
          error={message('storageConfigId')}
          onRetry={onRetryConfigs}
          onChange={(config) =>
            setValues((v) => ({
              ...v,
              storageConfigId: config?.id ?? '',
              storageType: config?.driver ?? v.storageType,
            }))
          }
        />
        <SelectField
          label={t('mounts.form.storageType')}
          value={values.storageType}
          onChange={(e) => set('storageType', mountStorageTypes.find((s) => s === e.target.value) ?? 's3')}
        >
          {mountStorageTypes.map((type) => (
            <option key={type} value={type}>
              {t(`mounts.storageTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <div className="form-row">
          <div>
            <TextField
              label={t('mounts.form.cacheTtl')}
              name="cacheTtl"
              type="number"
              inputMode="numeric"
              min={0}
              max={86_400}
              value={values.cacheTtl}
              onChange={(e) => set('cacheTtl', e.target.value)}
              error={message('cacheTtl')}
            />
            <p className="field__hint">{t('mounts.form.cacheTtlHint')}</p>
          </div>
          <TextField
            label={t('mounts.form.sortOrder')}
            name="sortOrder"
            type="number"
            inputMode="numeric"
            step={1}
            value={values.sortOrder}
            onChange={(e) => set('sortOrder', e.target.value)}
            error={message('sortOrder')}
          />
        </div>
        <TextField
          label={t('mounts.form.remark')}
          name="remark"
          value={values.remark}
          onChange={(e) => set('remark', e.target.value)}
        />
        <label className="check">
          <input type="checkbox" checked={values.isActive} onChange={(e) => set('isActive', e.target.checked)} />
          {t('mounts.form.active')}
        </label>
        <FormError message={formError} />
        <FormDialogActions
          busy={busy}
          busyLabel={t('mounts.form.saving')}
          submitLabel={editing ? t('mounts.form.save') : t('mounts.form.createSubmit')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
