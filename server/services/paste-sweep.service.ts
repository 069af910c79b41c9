import type { Kysely } from 'kysely';
import { PasteRepo } from '../db/repos/paste.repo';
import type { Database } from '../db/schema';
import type { SweepTask } from '../jobs/sweeper';

/** The sweeper's paste task: deletes pastes that expired or used up their views. */
export function pasteSweepTask(db: Kysely<Database>): SweepTask {
  const repo = new PasteRepo(db);
  return { name: 'expired-pastes', run: (now) => repo.deleteDead(new Date(now).toISOString()) };
}
