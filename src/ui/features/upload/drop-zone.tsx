import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

type DropZoneProps = { maxSizeText: string; onFiles: (files: File[]) => void };

/** A drop target that is also the button opening the file picker (several files at once). */
export function DropZone({ maxSizeText, onFiles }: DropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  };

  return (
    <>
      <button
        type="button"
        className="drop-zone"
        data-over={over || undefined}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <span className="drop-zone__title">{t('upload.drop.title')}</span>
        <span className="drop-zone__hint">{t('upload.drop.hint')}</span>
        <span className="drop-zone__hint">{t('upload.drop.maxSize', { size: maxSizeText })}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
