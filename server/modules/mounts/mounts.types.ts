// A mount as the mounts domain stores it; other domains read it through MountService.
import type { Insertable, Selectable } from 'kysely';
import type { StorageMountsTable } from '@server/db/schema';

export type MountRow = Selectable<StorageMountsTable>;
export type NewMount = Insertable<StorageMountsTable>;
