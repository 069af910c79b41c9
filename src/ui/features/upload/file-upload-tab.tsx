import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { randomUuid } from '@shared/random-uuid';
import { formatBytes } from '../../lib/format-bytes';
import { DropZone } from './drop-zone';
import { RecentUploads } from './recent-uploads';
import { SelectedFiles, type SelectedFile } from './selected-files';
import { UploadBatchView } from './upload-batch-view';
import { emptyUploadOptions, shareOptionsFrom, type UploadOptionsForm, type UploadOptionsProblems } from './upload-options';
import { UploadOptionsFields } from './upload-options-fields';
import { usePastedFiles } from './use-pasted-files';
import { useUploadBatches } from './use-upload-batches';
import { useUploadSetup } from './data/use-upload-setup';

/** Choose (drop, pick or paste) files, set share options, then follow each batch to its links. */
export function FileUploadTab() {
  const { t, i18n } = useTranslation();
  const { maxBytes, configs } = useUploadSetup();
  const { batches, start, cancelAll, clearFinished } = useUploadBatches();
  const [selected, setSelected] = useState<SelectedFile[]>([]);
  const [form, setForm] = useState<UploadOptionsForm>(emptyUploadOptions);
  const [problems, setProblems] = useState<UploadOptionsProblems>({});
  const [refused, setRefused] = useState<string[]>([]);
  const maxSizeText = formatBytes(maxBytes, i18n.language);

  useEffect(() => {
    const preferred = configs.find((config) => config.is_default) ?? configs[0];
    if (preferred) setForm((current) => (current.storageConfigId === '' ? { ...current, storageConfigId: preferred.id } : current));
  }, [configs]);

  const addFiles = useCallback(
    (files: File[]) => {
      setRefused(files.filter((file) => file.size > maxBytes).map((file) => file.name));
      const accepted = files.filter((file) => file.size <= maxBytes).map((file) => ({ id: randomUuid(), file }));
      setSelected((current) => [...current, ...accepted]);
    },
    [maxBytes],
  );
  usePastedFiles(addFiles);

  const submit = () => {
    const result = shareOptionsFrom(form, selected.length);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    start(selected.map(({ id, file }) => ({ id, file, name: file.name, options: result.options })));
    setSelected([]);
    setForm((current) => ({ ...current, slug: '' }));
  };

  return (
    <div className="upload-tab">
      <DropZone maxSizeText={maxSizeText} onFiles={addFiles} />
      {refused.length > 0 && (
        <p role="alert" className="form-error">
          {t('upload.tooLarge', { size: maxSizeText, names: refused.join(', ') })}
        </p>
      )}
      {selected.length > 0 && (
        <SelectedFiles files={selected} onRemove={(id) => setSelected((list) => list.filter((item) => item.id !== id))} onClear={() => setSelected([])} />
      )}
      <UploadOptionsFields form={form} configs={configs} problems={problems} onChange={(change) => setForm((current) => ({ ...current, ...change }))} />
      <div className="actions">
        <button type="button" className="button button--primary" disabled={selected.length === 0} onClick={submit}>
          {t('upload.start', { count: selected.length })}
        </button>
        {batches.length > 0 && (
          <>
            <button type="button" className="button" onClick={cancelAll}>
              {t('upload.batch.cancelAll')}
            </button>
            <button type="button" className="button" onClick={clearFinished}>
              {t('upload.batch.clearFinished')}
            </button>
          </>
        )}
      </div>
      {batches.map((actor) => (
        <UploadBatchView key={actor.id} actor={actor} />
      ))}
      <RecentUploads />
    </div>
  );
}
