// "Copy to…" and "Move to…": the user walks the mounts' folders to a target and chooses whether
// existing files are skipped (the product's default) or replaced. Only folders are listed; the
// copy or move itself runs as a task once the dialog closes.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsEntry } from '@shared/api/fs.schema';
import { Dialog } from '@ui/components/dialog';
import { FormDialogActions } from '@ui/components/form-dialog-actions';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { crumbsOf, parentOf } from './fs-paths';
import './copy-dialog.css';
import type { FsCalls } from './data/use-fs-calls';

type CopyDialogProps = {
  calls: Pick<FsCalls, 'list'>;
  sources: FsEntry[];
  /** Where the walk starts: the folder the user is in. */
  startFolder: string;
  onSubmit: (targetFolder: string, skipExisting: boolean) => void;
  onClose: () => void;
  /** A copy (the default) or a move: only the title, the choice's wording and the button differ. */
  mode?: 'copy' | 'move';
};

type Folders =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; folders: FsEntry[]; nextCursor: string | null };

/** Folders are copied into themselves nowhere: a source folder and everything under it is no target. */
export function isInsideSources(folder: string, sources: FsEntry[]): boolean {
  return sources.some((source) => source.isDirectory && folder.startsWith(source.path));
}

export function CopyDialog({ calls, sources, startFolder, onSubmit, onClose, mode = 'copy' }: CopyDialogProps) {
  const { t } = useTranslation();
  const [folder, setFolder] = useState(startFolder);
  const [folders, setFolders] = useState<Folders>({ status: 'loading' });
  const [skipExisting, setSkipExisting] = useState(true);

  useEffect(() => {
    const abort = new AbortController();
    setFolders({ status: 'loading' });
    calls.list(folder, null, abort.signal).then(
      (listing) =>
        setFolders({
          status: 'ready',
          folders: listing.items.filter((item) => item.isDirectory),
          nextCursor: listing.nextCursor,
        }),
      (error: unknown) => {
        if (!abort.signal.aborted) setFolders({ status: 'error', message: apiErrorMessage(t, toErrorInit(error)) });
      },
    );
    return () => abort.abort();
  }, [calls, folder, t]);

  const showMore = (cursor: string) => {
    calls.list(folder, cursor, new AbortController().signal).then(
      (page) =>
        setFolders((now) =>
          now.status === 'ready'
            ? {
                status: 'ready',
                folders: [...now.folders, ...page.items.filter((item) => item.isDirectory)],
                nextCursor: page.nextCursor,
              }
            : now,
        ),
      (error: unknown) => setFolders({ status: 'error', message: apiErrorMessage(t, toErrorInit(error)) }),
    );
  };

  const blocked = folder === '/' || isInsideSources(folder, sources);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) onSubmit(folder, skipExisting);
  };
  const where = [t('explorer.root'), ...crumbsOf(folder).map((crumb) => crumb.label)].join(' / ');
  const moving = mode === 'move';
  const [only] = sources;
  const title =
    sources.length === 1 && only
      ? t(moving ? 'explorer.move.titleOne' : 'explorer.copy.titleOne', { name: only.name })
      : t(moving ? 'explorer.move.title' : 'explorer.copy.title', { count: sources.length });
  const submitLabel = t(moving ? 'explorer.move.submit' : 'explorer.copy.submit');

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="copy-dialog">
        <p className="copy-dialog__where" aria-live="polite">
          {t(moving ? 'explorer.move.target' : 'explorer.copy.target', { folder: where })}
        </p>
        <ul className="copy-dialog__folders" aria-label={t('explorer.copy.folders')}>
          {folder !== '/' && (
            <li>
              <button type="button" className="copy-dialog__folder" onClick={() => setFolder(parentOf(folder))}>
                {t('explorer.copy.up')}
              </button>
            </li>
          )}
          {folders.status === 'ready' &&
            folders.folders.map((entry) => (
              <li key={entry.path}>
                <button
                  type="button"
                  className="copy-dialog__folder"
                  onClick={() => setFolder(entry.path)}
                  disabled={isInsideSources(entry.path, sources)}
                >
                  {entry.name}
                </button>
              </li>
            ))}
          {folders.status === 'ready' && folders.nextCursor !== null && (
            <li>
              <button type="button" className="copy-dialog__folder" onClick={() => showMore(folders.nextCursor ?? '')}>
                {t('explorer.copy.more')}
              </button>
            </li>
          )}
        </ul>
        {folders.status === 'loading' && <p className="copy-dialog__note">{t('explorer.copy.loading')}</p>}
        {folders.status === 'ready' && folders.folders.length === 0 && (
          <p className="copy-dialog__note">{t(moving ? 'explorer.move.noFolders' : 'explorer.copy.noFolders')}</p>
        )}
        {folders.status === 'error' && (
          <p role="alert" className="form-error">
            {folders.message}
          </p>
        )}
        {blocked && (
          <p className="copy-dialog__note">
            {folder === '/'
              ? t(moving ? 'explorer.move.chooseMount' : 'explorer.copy.chooseMount')
              : t(moving ? 'explorer.move.intoItself' : 'explorer.copy.intoItself')}
          </p>
        )}
        <label className="copy-dialog__skip">
          <input type="checkbox" checked={skipExisting} onChange={(e) => setSkipExisting(e.target.checked)} />
          {t(moving ? 'explorer.move.skipExisting' : 'explorer.copy.skipExisting')}
        </label>
        <FormDialogActions
          busy={false}
          disabled={blocked}
          submitLabel={submitLabel}
          busyLabel={submitLabel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
