import type { FsEntry } from '@shared/api/fs.schema';

const paths = {
  folder: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  mount: 'M4 5h16a1 1 0 0 1 1 1v4H3V6a1 1 0 0 1 1-1zm-1 7h18v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zm14 3h2m-2-7h2',
  file: 'M6 3h8l5 5v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm8 0v5h5',
} as const;

/** A folder, a mount (drive) or a file, drawn in the current text colour. */
export function EntryIcon({ entry, size = 20 }: { entry: FsEntry; size?: number }) {
  const kind = entry.isMount ? 'mount' : entry.isDirectory ? 'folder' : 'file';
  return (
    <svg
      className={`entry-icon entry-icon--${kind}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={paths[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
