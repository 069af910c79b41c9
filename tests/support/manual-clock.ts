import type { Clock } from '@server/lib/clock';

/** A clock that only moves when the test says so. */
export class ManualClock implements Clock {
  #now: number;

  constructor(start = Date.parse('2030-01-01T00:00:00.000Z')) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
