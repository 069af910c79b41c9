// Attempt limits shared by every instance on one PostgreSQL database: one row per (limiter, key)
// in attempt_counts, counted by a single upsert, so two instances counting at once never lose an
// attempt and a full key is refused on all of them. Keys are stored as sha256 hashes (they hold
// addresses and typed usernames). Expired rows are reused in place and swept periodically.
import { sql, type Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import type { SweepTask } from '@server/jobs/sweeper';
import type { Clock } from './clock';
import { sha256Hex } from './crypto-random';
import type { AttemptLimiter, LimiterFactory, LimitRule } from './rate-limiter';

export class PgAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scope: string,
    private readonly rule: LimitRule,
    private readonly clock: Clock,
  ) {}

  async count(key: string, enforce: boolean): Promise<number> {
    const now = this.clock.now();
    const resetAt = now + this.rule.windowMs;
    const hash = sha256Hex(key);
    const full = enforce
      ? sql`where attempt_counts.reset_at <= ${now}::bigint or attempt_counts.count < ${this.rule.max}::integer`
      : sql``;
    const { rows } = await sql<{ count: number }>`
      insert into attempt_counts (scope, key, count, reset_at) values (${this.scope}, ${hash}, 1, ${resetAt}::bigint)
      on conflict (scope, key) do update set
        count = case when attempt_counts.reset_at <= ${now}::bigint then 1 else attempt_counts.count + 1 end,
        reset_at = case when attempt_counts.reset_at <= ${now}::bigint then ${resetAt}::bigint else attempt_counts.reset_at end
      ${full}
      returning count`.execute(this.db);
    if (rows.length > 0) return 0;
    const row = await this.#row(hash);
    if (row === undefined) return 1;
    return Math.max(1, Math.ceil((row.reset_at - now) / 1000));
  }

  async failures(key: string): Promise<number> {
    const row = await this.#row(sha256Hex(key));
    return row === undefined || row.reset_at <= this.clock.now() ? 0 : row.count;
  }

  async release(key: string): Promise<void> {
    const hash = sha256Hex(key);
    await this.db
      .updateTable('attempt_counts')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('scope', '=', this.scope)
      .where('key', '=', hash)
      .where('reset_at', '>', this.clock.now())
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db
      .deleteFrom('attempt_counts')
      .where('scope', '=', this.scope)
      .where('key', '=', sha256Hex(key))
      .execute();
  }

  #row(hash: string): Promise<{ count: number; reset_at: number } | undefined> {
    return this.db
      .selectFrom('attempt_counts')
      .select(['count', 'reset_at'])
      .where('scope', '=', this.scope)
      .where('key', '=', hash)
      .executeTakeFirst();
  }
}

/** Limiters counted in the shared database: the several-instances (PostgreSQL) setting. */
export function databaseLimiters(db: Kysely<Database>, clock: Clock): LimiterFactory {
  return (name, rule) => new PgAttemptLimiter(db, name, rule, clock);
}

/** The sweeper's task: windows that have ended (and keys given back to zero) are deleted. */
export function attemptSweepTask(db: Kysely<Database>): SweepTask {
  return {
    name: 'attempt-counts',
    run: async (now) => {
      const result = await db
        .deleteFrom('attempt_counts')
        .where((eb) => eb.or([eb('reset_at', '<=', now), eb('count', '<=', 0)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
