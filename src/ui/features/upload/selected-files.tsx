import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ui/lib/format-bytes';

export type SelectedFile = { id: string; file: File };

type SelectedFilesProps = { files: SelectedFile[]; onRemove: (id: string) => void; onClear: () => void };

/** Files chosen but not yet sent, each removable before the upload starts. */
export function SelectedFiles({ files, onRemove, onClear }: SelectedFilesProps) {
  const { t } = useTranslation();
  return (
    <section className="selected-files" aria-labelledby="selected-files-title">
      <div className="selected-files__head">
        <h2 id="selected-files-title" className="section-title">
          {t('upload.selected.title')}
        </h2>
        <button type="button" className="button" onClick={onClear}>
          {t('upload.selected.clear')}
        </button>
      </div>
      <ul className="selected-files__list">
        {files.map(({ id, file }) => (
          <li key={id} className="selected-files__item">
            <span className="upload-row__name">{file.name}</span>
            <span className="upload-row__size">{formatBytes(file.size)}</span>
            <button
              type="button"
              className="icon-button"
              aria-label={t('upload.selected.remove', { name: file.name })}
              onClick={() => onRemove(id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
