// The locks that keep work to one instance at a time, on a real PostgreSQL: two connections pools
// stand for two instances. A sweeper pass runs on one of them while the other skips it, and a
// mount's reindex on one waits for the other's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { databaseLocks, skipped } from '@server/cluster/cluster-locks';
import { openDatabase } from '@server/db/connection';
import type { Database } from '@server/db/schema';
import { createSweeper } from '@server/jobs/sweeper';
import { systemClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { createTestDatabase } from '@tests/integration/support/postgres';

describe('cluster locks on PostgreSQL', () => {
  let one: Kysely<Database>;
  let two: Kysely<Database>;
  beforeAll(async () => {
    const url = await createTestDatabase('locks');
    one = await openDatabase({ kind: 'postgres', url });
    two = await openDatabase({ kind: 'postgres', url });
  });
  afterAll(async () => {
    await one?.destroy();
    await two?.destroy();
  });

  const gate = () => {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open, opened };
  };

  it('lets one holder in; tryHold elsewhere is skipped, hold elsewhere waits', async () => {
    const release = gate();
    const entered = gate();
    const first = databaseLocks(one).hold('job', async () => {
      entered.open();
      await release.opened;
      return 'first';
    });
    await entered.opened;
    expect(await databaseLocks(two).tryHold('job', async () => 'second')).toBe(skipped);
    expect(await databaseLocks(two).tryHold('other job', async () => 'other')).toBe('other');
    const order: string[] = [];
    const waiting = databaseLocks(two).hold('job', async () => {
      order.push('second');
    });
    await new Promise((resolve) => setImmediate(resolve));
    order.push('released');
    release.open();
    expect(await first).toBe('first');
    await waiting;
    expect(order).toEqual(['released', 'second']);
    expect(await databaseLocks(two).tryHold('job', async () => 'free again')).toBe('free again');
  });

  it('runs a sweeper pass on one instance at a time', async () => {
    const release = gate();
    const entered = gate();
    const runs: string[] = [];
    const sweeperOf = (name: string, db: Kysely<Database>) =>
      createSweeper({
        tasks: [
          {
            name: 'probe',
            run: async () => {
              runs.push(name);
              entered.open();
              await release.opened;
              return 0;
            },
          },
        ],
        intervalMs: 60_000,
        logger: createLogger({ level: 'silent', write: () => undefined }),
        clock: systemClock,
        locks: databaseLocks(db),
      });
    const first = sweeperOf('one', one).runOnce();
    await entered.opened;
    await sweeperOf('two', two).runOnce();
    release.open();
    await first;
    expect(runs).toEqual(['one']);
  });
});
