// Counts failures per key in a fixed window that opens at the first failure. In memory and per
// process; the map is capped, expired buckets are dropped, and the oldest go first when full.
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

  fail(key: string): void {
    const bucket = this.#live(key);
    if (bucket !== undefined) {
      bucket.count += 1;
      return;
    }
    if (this.#buckets.size >= this.#maxKeys) this.#makeRoom();
    this.#buckets.set(key, { count: 1, resetAt: this.#clock.now() + this.#rule.windowMs });
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
