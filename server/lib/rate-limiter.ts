// Counts attempts per key in a fixed window that opens at the first one. An attempt is reserved
// BEFORE the slow credential check and given back on success, so parallel guesses cannot run
// more checks than the limit. In memory and per process; the map is capped, oldest out first.
import { ErrorCode } from '@shared/errors';
import { AppError } from './app-error';
import type { Clock } from './clock';

export type LimitRule = { max: number; windowMs: number };

type Bucket = { count: number; resetAt: number };

export class FailureLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #rule: LimitRule;
  readonly #clock: Clock;
  readonly #maxKeys: number;

  constructor(rule: LimitRule, clock: Clock, maxKeys = 10_000) {
    this.#rule = rule;
    this.#clock = clock;
    this.#maxKeys = maxKeys;
  }

  /** Seconds until the key may try again; 0 when it is not blocked. */
  retryAfterSeconds(key: string): number {
    const bucket = this.#live(key);
    if (bucket === undefined || bucket.count < this.#rule.max) return 0;
    return Math.max(1, Math.ceil((bucket.resetAt - this.#clock.now()) / 1000));
  }

  /** Failures counted for the key in its current window. */
  failures(key: string): number {
    return this.#live(key)?.count ?? 0;
  }

  fail(key: string): void {
    const bucket = this.#live(key);
    if (bucket !== undefined) {
      bucket.count += 1;
      return;
    }
    if (this.#buckets.size >= this.#maxKeys) this.#makeRoom();
    this.#buckets.set(key, { count: 1, resetAt: this.#clock.now() + this.#rule.windowMs });
  }

  /** Gives back one counted attempt (a check that turned out right). */
  release(key: string): void {
    const bucket = this.#live(key);
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

  #live(key: string): Bucket | undefined {
    const bucket = this.#buckets.get(key);
    if (bucket !== undefined && bucket.resetAt <= this.#clock.now()) {
      this.#buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  #makeRoom(): void {
    const now = this.#clock.now();
    for (const [key, bucket] of this.#buckets) {
      if (bucket.resetAt <= now) this.#buckets.delete(key);
    }
    const oldest = this.#buckets.keys().next();
    if (this.#buckets.size >= this.#maxKeys && oldest.done !== true) this.#buckets.delete(oldest.value);
  }
}

/**
 * One limiter and key an attempt counts under; `resetOnSuccess` forgets the key's earlier
 * failures, and `enforce: false` counts the attempt without refusing it when the key is full.
 */
export type LimitSlot = { limiter: FailureLimiter; key: string; resetOnSuccess?: boolean; enforce?: boolean };

/** A reserved attempt: counted as a failure unless `succeeded()` gives it back. */
export class Attempt {
  constructor(private readonly slots: readonly LimitSlot[]) {}

  succeeded(): void {
    for (const { limiter, key, resetOnSuccess } of this.slots) {
      if (resetOnSuccess === true) limiter.reset(key);
      else limiter.release(key);
    }
  }
}

/**
 * Counts one attempt under every slot, or under none and throws 429 when any enforced slot is full.
 * Synchronous, so concurrent requests reserve one after another.
 */
export function reserveAttempt(...slots: LimitSlot[]): Attempt {
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
