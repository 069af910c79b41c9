import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { randomUuid } from '@shared/random-uuid';
import { formatBytes } from '@ui/lib/format-bytes';
import { DropZone } from './drop-zone';
import { SelectedFiles, type SelectedFile } from './selected-files';
import { shareOptionsFrom } from './upload-options';
import { UploadOptionsFields } from './upload-options-fields';
import { usePastedFiles } from './use-pasted-files';
import type { UploadTabProps } from './upload-tabs';

/** Choose (drop, pick or paste) files and set share options; the batches show below the tabs. */
export function FileUploadTab({ setup: { maxBytes, configs }, options, start }: UploadTabProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<SelectedFile[]>([]);
  const { form, change, problems, setProblems } = options;
  const [refused, setRefused] = useState<string[]>([]);
  const maxSizeText = formatBytes(maxBytes);

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
    change({ slug: '' });
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
        <SelectedFiles
          files={selected}
          onRemove={(id) => setSelected((list) => list.filter((item) => item.id !== id))}
          onClear={() => setSelected([])}
        />
      )}
      <UploadOptionsFields form={form} configs={configs} problems={problems} onChange={change} />
      <div className="actions">
        <button type="button" className="button button--primary" disabled={selected.length === 0} onClick={submit}>
          {t('upload.start', { count: selected.length })}
        </button>
      </div>
    </div>
  );
}
