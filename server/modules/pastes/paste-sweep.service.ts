import type { Repositories } from '@server/db/repositories';
import type { SweepTask } from '@server/jobs/sweeper';

/** How long the slug of a retired paste answers 410 before it becomes an ordinary 404. */
export const TOMBSTONE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The sweeper's paste task: retires pastes that expired or used up their views, forgets old tombstones. */
export function pasteSweepTask(repos: Pick<Repositories, 'pastes'>): SweepTask {
  const repo = repos.pastes;
  return {
    name: 'expired-pastes',
    run: async (now) => {
      const retired = await repo.deleteDead(new Date(now).toISOString());
      return retired + (await repo.pruneTombstones(new Date(now - TOMBSTONE_TTL_MS).toISOString()));
    },
  };
}
