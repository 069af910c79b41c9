// When a session ends (signed out, or its token or key refused), this browser forgets the folder
// listings and searches it kept for offline use: the next person to sign in here may have a
// narrower base path, and offline nothing would check it. Public share pages stay.
import { localDatabaseExists } from '@db/database-name';
import { openDatabaseWith } from '@ui/domain/database/open-database';

export async function forgetSessionCopies(): Promise<void> {
  // Nothing kept where no local database exists yet: don't create one to find that out.
  if (!(await localDatabaseExists())) return;
  const { db, module: cache } = await openDatabaseWith(import('@db/offline-cache'));
  await cache.forgetSessionCopies(db);
}
