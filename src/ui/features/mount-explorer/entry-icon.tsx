import type { FsEntry } from '@shared/api/fs.schema';
import { entryKindOf, type EntryKind } from './file-type';

const page = 'M6 3h8l5 5v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm8 0v5h5';
const paths: Record<EntryKind, string> = {
  folder: 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  mount: 'M4 5h16a1 1 0 0 1 1 1v4H3V6a1 1 0 0 1 1-1zm-1 7h18v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zm14 3h2m-2-7h2',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2.5-2.5L20 17M15.5 8.5h.01',
  video: 'M3 6h12v12H3zM15 10.5l6-3.5v10l-6-3.5',
  audio: 'M9 17V6l10-2v11M9 17a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0zm10-2a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0z',
  pdf: `${page}M9 18v-5h2a1.5 1.5 0 0 1 0 3H9`,
  text: `${page}M8.5 12h7M8.5 15h7M8.5 18h4`,
  code: `${page}M10 12l-2 2.5 2 2.5M14 12l2 2.5-2 2.5`,
  archive: `${page}M11 4h2M11 6h2M11 8h2M11 10h2M10 12h4v4h-4z`,
  office: `${page}M8 12h8v6H8zM8 15h8M12 12v6`,
  other: page,
};

/** A folder, a mount (drive) or a file of one of the kinds, drawn in the kind's colour. */
export function EntryIcon({ entry, size = 20 }: { entry: FsEntry; size?: number }) {
  const kind = entryKindOf(entry);
  return (
    <svg
      className={`entry-icon entry-icon--${kind}`}
      data-kind={kind}
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
