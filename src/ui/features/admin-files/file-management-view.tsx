import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@shared/api/file-share.schema';
import { useAuthView } from '@ui/domain/session/auth-provider';
import { ManagementPage } from '@ui/components/management-page';
import { ResourceStatus } from '@ui/components/resource-status';
import { useSelection } from '@ui/lib/use-selection';
import { FILE_PAGE_SIZE, useFilePage, type FileScope } from './data/use-file-shares';
import { DeleteFilesDialog } from './delete-files-dialog';
import { FileEditDialog } from './file-edit-dialog';
import { FileTable } from './file-table';

type Open = { kind: 'none' } | { kind: 'edit'; file: FileRecord } | { kind: 'delete'; files: FileRecord[] };

/** The file management module: the admin sees every file, an API key only its own. */
export function FileManagementView({ title }: { title: string }) {
  const { t } = useTranslation();
  const scope: FileScope = useAuthView().status === 'admin' ? 'admin' : 'user';
  const [offset, setOffset] = useState(0);
  const files = useFilePage(scope, offset);
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const { selected, select } = useSelection();
  const close = () => setOpen({ kind: 'none' });
  const page = files.state.status === 'ready' ? files.state.data : null;
  const selectedFiles = (page?.items ?? []).filter((file) => selected.has(file.id));

  const deleted = (ids: string[]) => {
    select(ids, false);
    close();
    // A delete that empties a later page shows the page before it rather than an empty table.
    const emptied = page?.items.every((file) => ids.includes(file.id));
    if (emptied && offset > 0) setOffset(Math.max(0, offset - FILE_PAGE_SIZE));
    else files.reload();
  };

  const saved = (file: FileRecord) => {
    files.update((list) => ({ ...list, items: list.items.map((item) => (item.id === file.id ? file : item)) }));
    close();
  };

  return (
    <ManagementPage
      title={title}
      toolbar={
        <>
          {page && page.pagination.total > 0 && (
            <span>
              {t('adminFiles.page', { from: offset + 1, to: offset + page.items.length, total: page.pagination.total })}
            </span>
          )}
          <span className="toolbar__spacer" />
          {selectedFiles.length > 0 && (
            <button type="button" className="button" onClick={() => setOpen({ kind: 'delete', files: selectedFiles })}>
              {t('adminFiles.deleteSelected', { count: selectedFiles.length })}
            </button>
          )}
        </>
      }
    >
      <ResourceStatus
        state={files.state}
        onRetry={files.reload}
        isEmpty={(list) => list.items.length === 0 && offset === 0}
        emptyText={t('adminFiles.empty')}
      >
        {(list) => (
          <FileTable
            files={list.items}
            selected={selected}
            onSelect={select}
            onEdit={(file) => setOpen({ kind: 'edit', file })}
            onDelete={(file) => setOpen({ kind: 'delete', files: [file] })}
          />
        )}
      </ResourceStatus>
      {page && (offset > 0 || page.pagination.hasMore) && (
        <nav className="actions" aria-label={t('adminFiles.pagination')}>
          <button
            type="button"
            className="button"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - FILE_PAGE_SIZE))}
          >
            {t('adminFiles.previous')}
          </button>
          <button
            type="button"
            className="button"
            disabled={!page.pagination.hasMore}
            onClick={() => setOffset(offset + FILE_PAGE_SIZE)}
          >
            {t('adminFiles.next')}
          </button>
        </nav>
      )}
      {open.kind === 'edit' && <FileEditDialog file={open.file} scope={scope} onClose={close} onSaved={saved} />}
      {open.kind === 'delete' && (
        <DeleteFilesDialog files={open.files} scope={scope} onClose={close} onDeleted={deleted} />
      )}
    </ManagementPage>
  );
}
