// The explorer's dialogs for one folder: new folder, rename, delete, copy and the text editor. Each
// reports what changed so the explorer patches its listing and selection without a reload.
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { CopyDialog } from './copy-dialog';
import type { FsCalls } from './data/use-fs-calls';
import { DeleteDialog } from './delete-dialog';
import { EditorDialog } from './editor-dialog';
import { isEditable } from './entry-menu';
import { childPath, parentOf } from './fs-paths';
import { NameDialog } from './name-dialog';

export type ExplorerDialog =
  | { kind: 'mkdir' }
  | { kind: 'rename'; entry: FsEntry }
  | { kind: 'delete'; entries: FsEntry[] }
  | { kind: 'copy'; entries: FsEntry[] }
  | { kind: 'move'; entries: FsEntry[] }
  | { kind: 'edit'; entry: FsEntry }
  | null;

/** Puts `entry` in the list, replacing one at the same path. */
export function upsert(items: FsEntry[], entry: FsEntry): FsEntry[] {
  const at = items.findIndex((item) => item.path === entry.path);
  return at < 0 ? [...items, entry] : items.map((item, i) => (i === at ? entry : item));
}

type ExplorerDialogsProps = {
  dialog: ExplorerDialog;
  folder: string;
  calls: FsCalls;
  patch: (change: (items: FsEntry[]) => FsEntry[]) => void;
  /** Paths that left the folder (renamed or deleted) and so leave the selection. */
  onUnselect: (gone: ReadonlySet<string>) => void;
  onCopy: (entries: FsEntry[], target: string, skipExisting: boolean) => void;
  onMove: (entries: FsEntry[], target: string, skipExisting: boolean) => void;
  onClose: () => void;
};

export function ExplorerDialogs({
  dialog,
  folder,
  calls,
  patch,
  onUnselect,
  onCopy,
  onMove,
  onClose,
}: ExplorerDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      {dialog?.kind === 'mkdir' && (
        <NameDialog
          title={t('explorer.mkdir.title')}
          label={t('explorer.mkdir.name')}
          initial=""
          submitLabel={t('explorer.mkdir.submit')}
          busyLabel={t('explorer.mkdir.busy')}
          takenMessage={t('explorer.mkdir.exists')}
          onSubmit={(name) =>
            calls.mkdir(childPath(folder, name, true)).then((entry) => patch((items) => upsert(items, entry)))
          }
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('explorer.rename.title', { name: dialog.entry.name })}
          label={t('explorer.rename.name')}
          initial={dialog.entry.name}
          submitLabel={t('explorer.rename.submit')}
          busyLabel={t('explorer.rename.busy')}
          takenMessage={t('explorer.rename.exists')}
          onSubmit={async (name) => {
            const { entry } = dialog;
            if (name === entry.name) return;
            const result = await calls.rename(entry.path, childPath(parentOf(entry.path), name, entry.isDirectory));
            patch((items) =>
              items.map((item) => (item.path === entry.path ? { ...item, name, path: result.newPath } : item)),
            );
            onUnselect(new Set([entry.path]));
          }}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteDialog
          entries={dialog.entries}
          calls={calls}
          onDeleted={(paths) => {
            const gone = new Set(paths);
            patch((items) => items.filter((item) => !gone.has(item.path)));
            onUnselect(gone);
          }}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'copy' && (
        <CopyDialog
          calls={calls}
          sources={dialog.entries}
          startFolder={folder}
          onSubmit={(target, skipExisting) => onCopy(dialog.entries, target, skipExisting)}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'move' && (
        <CopyDialog
          mode="move"
          calls={calls}
          sources={dialog.entries}
          startFolder={folder}
          onSubmit={(target, skipExisting) => onMove(dialog.entries, target, skipExisting)}
          onClose={onClose}
        />
      )}
      {dialog?.kind === 'edit' && isEditable(dialog.entry) && (
        <EditorDialog
          entry={dialog.entry}
          calls={calls}
          onSaved={(entry, result) =>
            patch((items) =>
              items.map((item) =>
                item.path === entry.path
                  ? { ...item, size: result.size, modified: result.modified, etag: result.etag }
                  : item,
              ),
            )
          }
          onClose={onClose}
        />
      )}
    </>
  );
}
