/** The time source, injected so tests can move time forward. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export function isoAt(clock: Clock, offsetMs = 0): string {
  return new Date(clock.now() + offsetMs).toISOString();
}
