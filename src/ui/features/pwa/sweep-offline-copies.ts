// Offline copies older than the offline cache expiry (7 days, spec §9) are deleted once per page
// load, in idle time with the notices; a browser that has no local database yet gets none.
import { localDatabaseExists } from '@db/database-name';

export async function sweepExpiredCopies(): Promise<void> {
  if (!(await localDatabaseExists())) return;
  const [{ getDatabase }, { sweepOfflineCopies }] = await Promise.all([import('@db/database'), import('@db/offline-cache')]);
  await sweepOfflineCopies(await getDatabase());
}
