// Files dragged from the desktop onto a folder that takes writes upload into it, with a hint
// while they are over it. A drag of the explorer's own entries is a move (use-move-gestures.ts)
// and goes there first.
import { useState, type DragEvent } from 'react';

type EntriesDrag = {
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  /** True when the event was a move of entries. */
  onDragOver: (event: DragEvent<HTMLElement>) => boolean;
  onDrop: (event: DragEvent<HTMLElement>) => boolean;
};

export function useFileDrop(canWrite: boolean, entriesDrag: EntriesDrag, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const carriesFiles = (event: DragEvent<HTMLElement>) => canWrite && event.dataTransfer.types.includes('Files');
  const handlers = {
    onDragStart: entriesDrag.onDragStart,
    onDragEnd: entriesDrag.onDragEnd,
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (entriesDrag.onDragOver(event) || !carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
        setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      if (entriesDrag.onDrop(event) || !carriesFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      const dropped = Array.from(event.dataTransfer.files);
      if (dropped.length > 0) onFiles(dropped);
    },
  };
  return { dragging, handlers };
}
