import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { isApiError } from '@shared/api-error';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { ManagementPage } from '@ui/components/management-page';
import { ResourceStatus } from '@ui/components/resource-status';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useStorageConfigList, useStorageConfigWrites } from './data/use-storage-configs';
import { emptyStorageForm, storageFormFrom } from './storage-config-form';
import { StorageConfigFormDialog } from './storage-config-form-dialog';
import { StorageConfigTable, type StorageAction } from './storage-config-table';
import { StorageTestDialog } from './storage-test-dialog';

type Open = { kind: 'none' } | { kind: 'create' } | { kind: 'edit' | 'test' | 'delete'; config: StorageConfig };
type Notice = { ok: boolean; text: string } | null;

/** The storage configuration admin module: list, create, edit, test, default, CORS and delete. */
export function StorageConfigView({ title }: { title: string }) {
  const { t } = useTranslation();
  const configs = useStorageConfigList();
  const writes = useStorageConfigWrites();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const close = () => {
    setOpen({ kind: 'none' });
    setDeleteError(null);
  };

  const run = async (config: StorageConfig, work: () => Promise<string | null>) => {
    setBusyId(config.id);
    setNotice(null);
    try {
      const text = await work();
      if (text) setNotice({ ok: true, text });
      configs.reload();
    } catch (failure) {
      setNotice({ ok: false, text: apiErrorMessage(t, toErrorInit(failure)) });
    } finally {
      setBusyId(null);
    }
  };

  const act = (action: StorageAction, config: StorageConfig) => {
    if (action === 'default') {
      void run(config, async () => {
        await writes.setDefault(config.id);
        return null;
      });
    } else if (action === 'cors') {
      void run(config, async () => {
        const applied = await writes.applyCors(config.id, window.location.origin);
        return t('storage.corsApplied', { origin: applied.origin });
      });
    } else setOpen({ kind: action, config });
  };

  const remove = async (config: StorageConfig) => {
    setBusyId(config.id);
    try {
      await writes.remove(config.id);
      configs.update((list) => list.filter((item) => item.id !== config.id));
      close();
    } catch (failure) {
      const conflict = isApiError(failure) && failure.kind === 'conflict';
      setDeleteError(conflict ? t('storage.confirm.inUse') : apiErrorMessage(t, toErrorInit(failure)));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <ManagementPage
      title={title}
      toolbar={
        <button type="button" className="button button--primary" onClick={() => setOpen({ kind: 'create' })}>
          {t('storage.create')}
        </button>
      }
    >
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'notice' : 'form-error'}>
          {notice.text}
        </p>
      )}
      <ResourceStatus
        state={configs.state}
        onRetry={configs.reload}
        isEmpty={(list) => list.length === 0}
        emptyText={t('storage.empty')}
      >
        {(list) => <StorageConfigTable configs={list} busyId={busyId} onAction={act} />}
      </ResourceStatus>
      {(open.kind === 'create' || open.kind === 'edit') && (
        <StorageConfigFormDialog
          initial={open.kind === 'edit' ? storageFormFrom(open.config) : emptyStorageForm}
          editing={open.kind === 'edit' ? open.config : null}
          onClose={close}
          onSaved={() => {
            close();
            configs.reload();
          }}
        />
      )}
      {open.kind === 'test' && <StorageTestDialog config={open.config} onClose={close} />}
      {open.kind === 'delete' && (
        <ConfirmDialog
          title={t('storage.confirm.title')}
          message={t('storage.confirm.message', { name: open.config.name })}
          confirmLabel={t('storage.confirm.confirm')}
          busy={busyId === open.config.id}
          error={deleteError}
          onConfirm={() => void remove(open.config)}
          onCancel={close}
        />
      )}
    </ManagementPage>
  );
}
