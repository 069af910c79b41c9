import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

type RequestPickerProps = { onFiles: (files: File[]) => void };

/** Every file inside a dropped entry, folders read to their last level. */
async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (isFile(entry)) return [await new Promise<File>((resolve, reject) => entry.file(resolve, reject))];
  if (!isDirectory(entry)) return [];
  const reader = entry.createReader();
  const found: File[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return found;
    for (const child of batch) found.push(...(await filesOf(child)));
  }
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}

/** A drop target (files and folders) that is also the button opening the file picker, and a folder picker. */
export function RequestPicker({ onFiles }: RequestPickerProps) {
  const { t } = useTranslation();
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  useEffect(() => {
    if (folder.current !== null) folder.current.webkitdirectory = true;
  }, []);

  const drop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setOver(false);
    const entries = Array.from(event.dataTransfer.items)
      .map((item) => item.webkitGetAsEntry())
      .filter((entry): entry is FileSystemEntry => entry !== null);
    if (entries.length === 0) {
      const dropped = Array.from(event.dataTransfer.files);
      if (dropped.length > 0) onFiles(dropped);
      return;
    }
    void Promise.all(entries.map(filesOf)).then((lists) => {
      const all = lists.flat();
      if (all.length > 0) onFiles(all);
    });
  };

  const chosen = (input: HTMLInputElement) => {
    const picked = Array.from(input.files ?? []);
    input.value = '';
    if (picked.length > 0) onFiles(picked);
  };

  return (
    <div className="request-picker">
      <button
        type="button"
        className="request-drop"
        data-over={over || undefined}
        onClick={() => files.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <span className="request-drop__title">{t('fileRequest.drop.title')}</span>
        <span className="request-drop__hint">{t('fileRequest.drop.hint')}</span>
      </button>
      <button type="button" className="button" onClick={() => folder.current?.click()}>
        {t('fileRequest.drop.folder')}
      </button>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        data-testid="request-files"
        onChange={(event) => chosen(event.target)}
      />
      <input ref={folder} type="file" multiple hidden onChange={(event) => chosen(event.target)} />
    </div>
  );
}
