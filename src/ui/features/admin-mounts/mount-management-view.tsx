import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MountView } from '@shared/api/mount.schema';
import { FormError } from '@ui/components/form-error';
import { ManagementPage } from '@ui/components/management-page';
import { ResourceStatus } from '@ui/components/resource-status';
import { useMountList } from './data/use-mounts';
import { useStorageConfigOptions } from './data/use-storage-config-options';
import { DeleteMountDialog } from './delete-mount-dialog';
import { emptyMountForm, mountFormFrom } from './mount-form';
import { MountFormDialog } from './mount-form-dialog';
import { MountTable } from './mount-table';

type Open =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; mount: MountView }
  | { kind: 'delete'; mount: MountView };

export function MountManagementView({ title }: { title: string }) {
  const { t } = useTranslation();
  const mounts = useMountList();
  const configs = useStorageConfigOptions();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const [toggleError, setToggleError] = useState<string | null>(null);
  const close = () => setOpen({ kind: 'none' });

  const configName = (id: string) =>
    (configs.state.status === 'ready' ? configs.state.data.find((c) => c.id === id)?.name : undefined) ?? id;
  const replace = (mount: MountView) => {
    setToggleError(null);
    mounts.update((list) =>
      list.some((m) => m.id === mount.id) ? list.map((m) => (m.id === mount.id ? mount : m)) : [...list, mount],
    );
  };
  const newMount = () => {
    const defaults = emptyMountForm();
    const options = configs.state.status === 'ready' ? configs.state.data : [];
    const preferred = options.find((c) => c.is_default) ?? (options.length === 1 ? options[0] : undefined);
    return preferred ? { ...defaults, storageConfigId: preferred.id, storageType: preferred.driver } : defaults;
  };

  return (
    <ManagementPage
      title={title}
      toolbar={
        <button type="button" className="button button--primary" onClick={() => setOpen({ kind: 'create' })}>
          {t('mounts.create')}
        </button>
      }
    >
      <FormError message={toggleError} />
      <ResourceStatus
        state={mounts.state}
        onRetry={mounts.reload}
        isEmpty={(list) => list.length === 0}
        emptyText={t('mounts.empty')}
      >
        {(list) => (
          <MountTable
            mounts={list}
            configName={configName}
            onChanged={replace}
            onError={setToggleError}
            onEdit={(mount) => setOpen({ kind: 'edit', mount })}
            onDelete={(mount) => setOpen({ kind: 'delete', mount })}
          />
        )}
      </ResourceStatus>
      {(open.kind === 'create' || open.kind === 'edit') && (
        <MountFormDialog
          initial={open.kind === 'edit' ? mountFormFrom(open.mount) : newMount()}
          editing={open.kind === 'edit' ? open.mount : null}
          configs={configs.state}
          onRetryConfigs={configs.reload}
          onClose={close}
          onSaved={(mount) => {
            replace(mount);
            close();
          }}
        />
      )}
      {open.kind === 'delete' && (
        <DeleteMountDialog
          mount={open.mount}
          onClose={close}
          onDeleted={(id) => {
            mounts.update((list) => list.filter((m) => m.id !== id));
            close();
          }}
        />
      )}
    </ManagementPage>
  );
}
