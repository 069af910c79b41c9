// A file share as the files domain stores it; other domains change shares through its services.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { FilesTable } from '@server/db/schema';

export type FileRow = Selectable<FilesTable>;
export type NewFile = Insertable<FilesTable>;
export type FilePatch = Updateable<FilesTable>;
export type FilePage = { items: FileRow[]; total: number };
