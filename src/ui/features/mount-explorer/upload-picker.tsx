// "Upload" for the explorer: the hidden file input the toolbar, the empty folder and the menus
// open, handing the chosen files on (the drop zone is the other way in: use-file-drop.ts).
import { useCallback, useRef, type ReactNode } from 'react';

export type UploadPicker = { pick: () => void; input: ReactNode };

export function useUploadPicker(onFiles: (files: File[]) => void): UploadPicker {
  const fileInput = useRef<HTMLInputElement>(null);
  const pick = useCallback(() => fileInput.current?.click(), []);
  return {
    pick,
    input: (
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const chosenFiles = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (chosenFiles.length > 0) onFiles(chosenFiles);
        }}
      />
    ),
  };
}
