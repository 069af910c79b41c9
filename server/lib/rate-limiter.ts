// Counts attempts per key in a fixed window that opens at the first one. An attempt is reserved
// BEFORE the slow credential check and given back on success, so parallel guesses cannot run
// more checks than the limit. With one process (SQLite) the counts live in memory (FailureLimiter,
// on the bounded cache: expired keys out first, then the oldest); with several instances on PostgreSQL they live in a table that
// every instance counts in (rate-limiter-pg.ts), so N instances give no more guesses than one.
import { ErrorCode } from '@shared/errors';
import { AppError } from './app-error';
import { TtlCache } from './cache/ttl-cache';
import type { Clock } from './clock';

export type LimitRule = { max: number; windowMs: number };

/** One named limit; the store behind it is memory or the database. */
export interface AttemptLimiter {
  /**
   * Counts one attempt for `key` and resolves to 0; when `enforce` is set and the key is already
   * full, counts nothing and resolves to the seconds until it may try again.
   */
  count(key: string, enforce: boolean): number | Promise<number>;
  /** Failures counted for the key in its current window. */
  failures(key: string): number | Promise<number>;
  /** Gives back one counted attempt (a check that turned out right). */
  release(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
}

/** Makes the limiter called `name` (unique in the app) with its rule. */
export type LimiterFactory = (name: string, rule: LimitRule) => AttemptLimiter;

type Bucket = { count: number; resetAt: number };

export class FailureLimiter implements AttemptLimiter {
  /** Each key's bucket lives until its window ends; reads peek, so the oldest key goes first at the cap. */
  readonly #buckets: TtlCache<Bucket>;
  readonly #rule: LimitRule;
  readonly #clock: Clock;
  readonly #maxKeys: number;

  constructor(rule: LimitRule, clock: Clock, maxKeys = 10_000) {
    this.#rule = rule;
    this.#clock = clock;
    this.#maxKeys = maxKeys;
    this.#buckets = new TtlCache(clock, { maxEntries: maxKeys, defaultTtlMs: rule.windowMs });
  }

  /** Seconds until the key may try again; 0 when it is not blocked. */
  retryAfterSeconds(key: string): number {
    const bucket = this.#buckets.peek(key);
    if (bucket === undefined || bucket.count < this.#rule.max) return 0;
    return Math.max(1, Math.ceil((bucket.resetAt - this.#clock.now()) / 1000));
  }

  /** Failures counted for the key in its current window. */
  failures(key: string): number {
    return this.#buckets.peek(key)?.count ?? 0;
  }

  count(key: string, enforce: boolean): number {
    const wait = enforce ? this.retryAfterSeconds(key) : 0;
    if (wait === 0) this.fail(key);
    return wait;
  }

  fail(key: string): void {
    const bucket = this.#buckets.peek(key);
    if (bucket !== undefined) {
      bucket.count += 1;
      return;
    }
    // At the cap, expired keys make room first; the cache drops the oldest if none has.
    if (this.#buckets.size >= this.#maxKeys) this.#buckets.purgeExpired();
    this.#buckets.set(key, { count: 1, resetAt: this.#clock.now() + this.#rule.windowMs });
  }

  /** Gives back one counted attempt (a check that turned out right). */
  release(key: string): void {
    const bucket = this.#buckets.peek(key);
    if (bucket === undefined) return;
    bucket.count -= 1;
    if (bucket.count <= 0) this.#buckets.delete(key);
  }

  reset(key: string): void {
    this.#buckets.delete(key);
  }

  get size(): number {
    return this.#buckets.size;
  }
}

/** Limiters in this process's memory: the single-instance (SQLite) default. */
export function memoryLimiters(clock: Clock): LimiterFactory {
  return (_name, rule) => new FailureLimiter(rule, clock);
}

/**
 * One limiter and key an attempt counts under; `resetOnSuccess` forgets the key's earlier
 * failures, and `enforce: false` counts the attempt without refusing it when the key is full.
 */
export type LimitSlot = { limiter: AttemptLimiter; key: string; resetOnSuccess?: boolean; enforce?: boolean };

/** A reserved attempt: counted as a failure unless `succeeded()` gives it back. */
export class Attempt {
  constructor(private readonly slots: readonly LimitSlot[]) {}

  async succeeded(): Promise<void> {
    for (const { limiter, key, resetOnSuccess } of this.slots) {
      if (resetOnSuccess === true) await limiter.reset(key);
      else await limiter.release(key);
    }
  }
}

/**
 * Counts one attempt under every slot, or under none and throws 429 when any enforced slot is full.
 * In memory the whole reservation is synchronous, so concurrent requests reserve one after
 * another; in the database each slot is counted by one atomic statement, and the slots counted
 * before a full one are given back.
 */
export async function reserveAttempt(...slots: LimitSlot[]): Promise<Attempt> {
  const inMemory = slots.flatMap((slot) =>
    slot.limiter instanceof FailureLimiter ? [{ ...slot, limiter: slot.limiter }] : [],
  );
  if (inMemory.length === slots.length) return reserveInMemory(inMemory);
  const counted: LimitSlot[] = [];
  for (const slot of slots) {
    const wait = await slot.limiter.count(slot.key, slot.enforce !== false);
    if (wait > 0) {
      for (const done of counted) await done.limiter.release(done.key);
      throw rateLimited(wait);
    }
    counted.push(slot);
  }
  return new Attempt(slots);
}

function reserveInMemory(slots: readonly (LimitSlot & { limiter: FailureLimiter })[]): Attempt {
  const wait = Math.max(
    0,
    ...slots.filter((slot) => slot.enforce !== false).map(({ limiter, key }) => limiter.retryAfterSeconds(key)),
  );
  if (wait > 0) throw rateLimited(wait);
  for (const { limiter, key } of slots) limiter.fail(key);
  return new Attempt(slots);
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(ErrorCode.RateLimited, `too many failed attempts, try again in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });
}
