// The attempt limits the app builds for each database, on real SQLite (in memory, one process)
// and PostgreSQL (counted in attempt_counts by every instance), without HTTP: a full key is
// refused with the time left in its window, concurrent attempts never get past the limit, a
// success gives its attempt back, several slots count all or nothing, and on PostgreSQL a second
// instance sees the same counts and the sweeper clears ended windows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { type AttemptLimiter, reserveAttempt } from '@server/lib/rate-limiter';
import { attemptSweepTask } from '@server/lib/rate-limiter-pg';
import { databaseKinds, openMedium, refusal, type Medium } from './medium-harness';

const minute = 60_000;
let next = 0;
/** A limiter of its own per test (scopes are the limiter names), so tests never share counts. */
const name = () => {
  next += 1;
  return `medium-limit-${next}`;
};

async function retryAfterOf(promise: Promise<unknown>): Promise<number | undefined> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return error instanceof AppError ? error.details.retryAfterSeconds : undefined;
}

describe.each(databaseKinds)('attempt limits on %s', (kind) => {
  let m: Medium;
  beforeAll(async () => {
    m = await openMedium(kind, 'attempt_limits');
  });
  afterAll(() => m.close());

  const limiter = (max = 3): AttemptLimiter => m.limiters(name(), { max, windowMs: minute });
  const reserve = (of: AttemptLimiter, key: string) => reserveAttempt({ limiter: of, key });

  it('refuses a full key with the time left in its window, and lets it try again once the window ends', async () => {
    const guesses = limiter();
    for (let i = 0; i < 3; i += 1) await reserve(guesses, '198.51.100.7');
    expect(await guesses.failures('198.51.100.7')).toBe(3);
    expect(await refusal(reserve(guesses, '198.51.100.7'))).toBe(ErrorCode.RateLimited);
    m.clock.advance(minute / 2);
    expect(await retryAfterOf(reserve(guesses, '198.51.100.7'))).toBe(30);
    await reserve(guesses, '198.51.100.8');
    m.clock.advance(minute / 2);
    await reserve(guesses, '198.51.100.7');
    expect(await guesses.failures('198.51.100.7')).toBe(1);
  });

  it('lets no more than the limit through when attempts arrive at once', async () => {
    const guesses = limiter(3);
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => reserve(guesses, 'racing')));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await guesses.failures('racing')).toBe(3);
  });

  it('gives a successful attempt back, and forgets earlier failures when the slot says so', async () => {
    const guesses = limiter(2);
    for (let i = 0; i < 5; i += 1) await (await reserve(guesses, 'right every time')).succeeded();
    expect(await guesses.failures('right every time')).toBe(0);
    await reserve(guesses, 'wrong once');
    await (await reserveAttempt({ limiter: guesses, key: 'wrong once', resetOnSuccess: true })).succeeded();
    expect(await guesses.failures('wrong once')).toBe(0);
  });

  it('counts several slots all or nothing, and an unenforced slot counts without refusing', async () => {
    const perAddress = limiter(5);
    const perTarget = limiter(1);
    await reserveAttempt({ limiter: perAddress, key: 'a' }, { limiter: perTarget, key: 't' });
    expect(await refusal(reserveAttempt({ limiter: perAddress, key: 'a' }, { limiter: perTarget, key: 't' }))).toBe(
      ErrorCode.RateLimited,
    );
    expect(await perAddress.failures('a')).toBe(1);
    await reserveAttempt({ limiter: perAddress, key: 'a' }, { limiter: perTarget, key: 't', enforce: false });
    expect(await perAddress.failures('a')).toBe(2);
    expect(await perTarget.failures('t')).toBe(2);
  });
});

describe('attempt limits shared by the instances on postgres', () => {
  let m: Medium;
  beforeAll(async () => {
    m = await openMedium('postgres', 'attempt_limits_shared');
  });
  afterAll(() => m.close());

  const reserve = (of: AttemptLimiter, key: string) => reserveAttempt({ limiter: of, key });

  it('shares the counts with another instance and stores only hashed keys', async () => {
    const scope = name();
    const here = m.limiters(scope, { max: 2, windowMs: minute });
    const there = m.otherInstanceLimiters()(scope, { max: 2, windowMs: minute });
    await reserve(here, 'admin 203.0.113.9');
    await reserve(there, 'admin 203.0.113.9');
    expect(await refusal(reserve(here, 'admin 203.0.113.9'))).toBe(ErrorCode.RateLimited);
    expect(await refusal(reserve(there, 'admin 203.0.113.9'))).toBe(ErrorCode.RateLimited);
    const rows = await m.db.selectFrom('attempt_counts').select(['key', 'count']).where('scope', '=', scope).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.count).toBe(2);
  });

  it('sweeps the windows that ended and keeps the live ones', async () => {
    const scope = name();
    const guesses = m.limiters(scope, { max: 5, windowMs: minute });
    await reserve(guesses, 'old');
    m.clock.advance(minute);
    await reserve(guesses, 'new');
    await attemptSweepTask(m.db).run(m.clock.now());
    const keys = await m.db.selectFrom('attempt_counts').select('key').where('scope', '=', scope).execute();
    expect(keys).toHaveLength(1);
    expect(await guesses.failures('new')).toBe(1);
    expect(await guesses.failures('old')).toBe(0);
  });
});
