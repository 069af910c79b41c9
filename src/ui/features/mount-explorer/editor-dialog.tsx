// Edits a text file of up to 10 MB in CodeMirror and saves it with `update`. Closing
// with unsaved changes asks once more.
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FS_EDIT_MAX_BYTES, type FsEntry, type FsUpdateResult } from '@shared/api/fs.schema';
import { Dialog } from '@ui/components/dialog';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { formatBytes } from '@ui/lib/format-bytes';
import { toErrorInit } from '@ui/lib/to-error-init';
import type { FsCalls } from './data/use-fs-calls';
import { useFileText } from './data/use-file-text';

const TextEditor = lazy(() => import('./text-editor').then((m) => ({ default: m.TextEditor })));

type EditorDialogProps = {
  entry: FsEntry;
  calls: FsCalls;
  onSaved: (entry: FsEntry, result: FsUpdateResult) => void;
  onClose: () => void;
};

export function EditorDialog({ entry, calls, onSaved, onClose }: EditorDialogProps) {
  const { t } = useTranslation();
  const file = useFileText(calls, entry.path);
  const text = useRef<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [warned, setWarned] = useState(false);
  const limit = formatBytes(FS_EDIT_MAX_BYTES);

  const save = () => {
    const content = text.current;
    if (content === null || busy || !dirty) return;
    if (new TextEncoder().encode(content).length > FS_EDIT_MAX_BYTES)
      return setError(t('explorer.editor.tooLarge', { size: limit }));
    setBusy(true);
    setError(null);
    setStatus(null);
    calls.update(entry.path, content).then(
      (result) => {
        setBusy(false);
        setDirty(false);
        setWarned(false);
        setStatus(t('explorer.editor.saved'));
        onSaved(entry, result);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(apiErrorMessage(t, toErrorInit(failure)));
      },
    );
  };

  const close = () => {
    if (dirty && !warned) return setWarned(true);
    onClose();
  };

  return (
    <Dialog title={t('explorer.editor.title', { name: entry.name })} onClose={close} wide>
      {file.status === 'loading' && (
        <p className="notice" role="status">
          {t('explorer.editor.loading')}
        </p>
      )}
      {file.status === 'too-large' && <p className="form-error">{t('explorer.editor.tooLarge', { size: limit })}</p>}
      {file.status === 'failed' && (
        <p className="form-error" role="alert">
          {file.error ? apiErrorMessage(t, file.error) : t('explorer.editor.loadFailed')}
        </p>
      )}
      {file.status === 'ready' && (
        <Suspense fallback={<p className="notice">{t('explorer.editor.loading')}</p>}>
          <TextEditor
            initial={file.text}
            label={t('explorer.editor.label', { name: entry.name })}
            onChange={(next) => {
              text.current = next;
              setDirty(true);
              setStatus(null);
            }}
            onSave={save}
          />
        </Suspense>
      )}
      <p className="editor-dialog__status" role="status">
        {warned ? t('explorer.editor.unsaved') : status}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={close}>
          {warned ? t('explorer.editor.discard') : t('explorer.editor.close')}
        </button>
        {/* aria-disabled, not disabled: a disabled button drops the focus out of the dialog (to the
            page, where Escape no longer reaches it) the moment it is clicked. */}
        <button
          type="button"
          className="button button--primary"
          onClick={save}
          aria-disabled={busy || !dirty || file.status !== 'ready'}
          aria-busy={busy}
        >
          {busy ? t('explorer.editor.saving') : t('explorer.editor.save')}
        </button>
      </div>
    </Dialog>
  );
}
