import { useEffect } from 'react';

/** Files pasted anywhere on the page (screenshots, copied files); text pastes are left alone. */
export function usePastedFiles(onFiles: (files: File[]) => void): void {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [onFiles]);
}
