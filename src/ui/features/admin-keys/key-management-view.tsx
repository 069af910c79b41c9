import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyView, CreatedApiKey } from '@shared/api/api-key.schema';
import { ManagementPage } from '@ui/components/management-page';
import { ResourceStatus } from '@ui/components/resource-status';
import { useSelection } from '@ui/lib/use-selection';
import { apiKeyFormFrom, emptyApiKeyForm } from './api-key-form';
import { ApiKeyFormDialog } from './api-key-form-dialog';
import { ApiKeyTable } from './api-key-table';
import { CreatedKeyDialog } from './created-key-dialog';
import { useApiKeyList } from './data/use-api-keys';
import { DeleteKeysDialog } from './delete-keys-dialog';
import { ToolProfilesDialog } from './tool-profiles-dialog';

type Open =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; key: ApiKeyView }
  | { kind: 'created'; key: CreatedApiKey }
  | { kind: 'delete'; keys: ApiKeyView[] }
  | { kind: 'profiles'; key: ApiKeyView };

export function KeyManagementView({ title }: { title: string }) {
  const { t } = useTranslation();
  const keys = useApiKeyList();
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const { selected, select } = useSelection();
  const close = () => setOpen({ kind: 'none' });
  const loaded = keys.state.status === 'ready' ? keys.state.data : [];
  const selectedKeys = loaded.filter((k) => selected.has(k.id));

  const saved = (result: CreatedApiKey | ApiKeyView) => {
    keys.reload();
    setOpen('key' in result ? { kind: 'created', key: result } : { kind: 'none' });
  };

  const deleted = (ids: string[]) => {
    keys.update((list) => list.filter((k) => !ids.includes(k.id)));
    select(ids, false);
    close();
  };

  return (
    <ManagementPage
      title={title}
      toolbar={
        <>
          <button type="button" className="button button--primary" onClick={() => setOpen({ kind: 'create' })}>
            {t('keys.create')}
          </button>
          <span className="toolbar__spacer" />
          {selectedKeys.length > 0 && (
            <button type="button" className="button" onClick={() => setOpen({ kind: 'delete', keys: selectedKeys })}>
              {t('keys.deleteSelected', { count: selectedKeys.length })}
            </button>
          )}
        </>
      }
    >
      <ResourceStatus
        state={keys.state}
        onRetry={keys.reload}
        isEmpty={(list) => list.length === 0}
        emptyText={t('keys.empty')}
      >
        {(list) => (
          <ApiKeyTable
            keys={list}
            selected={selected}
            onSelect={select}
            onEdit={(key) => setOpen({ kind: 'edit', key })}
            onDelete={(key) => setOpen({ kind: 'delete', keys: [key] })}
            onProfiles={(key) => setOpen({ kind: 'profiles', key })}
          />
        )}
      </ResourceStatus>
      {(open.kind === 'create' || open.kind === 'edit') && (
        <ApiKeyFormDialog
          initial={open.kind === 'edit' ? apiKeyFormFrom(open.key) : emptyApiKeyForm()}
          editing={open.kind === 'edit' ? open.key : null}
          onClose={close}
          onSaved={saved}
        />
      )}
      {open.kind === 'created' && <CreatedKeyDialog created={open.key} onClose={close} />}
      {open.kind === 'profiles' && <ToolProfilesDialog apiKey={open.key} onClose={close} />}
      {open.kind === 'delete' && <DeleteKeysDialog keys={open.keys} onClose={close} onDeleted={deleted} />}
    </ManagementPage>
  );
}
