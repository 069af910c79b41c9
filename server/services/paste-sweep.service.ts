import type { Kysely } from 'kysely';
import { PasteRepo } from '../db/repos/paste.repo';
import type { Database } from '../db/schema';
import type { SweepTask } from '../jobs/sweeper';

/** How long the slug of a retired paste answers 410 before it becomes an ordinary 404. */
export const TOMBSTONE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The sweeper's paste task: retires pastes that expired or used up their views, forgets old tombstones. */
export function pasteSweepTask(db: Kysely<Database>): SweepTask {
  const repo = new PasteRepo(db);
  return {
    name: 'expired-pastes',
    run: async (now) => {
      const retired = await repo.deleteDead(new Date(now).toISOString());
      return retired + (await repo.pruneTombstones(new Date(now - TOMBSTONE_TTL_MS).toISOString()));
    },
  };
}
