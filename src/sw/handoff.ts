// What a page hands this worker in a message for a request it makes next (a download's port or
// key): the message and the request travel apart, so either may come first. A request that comes
// first waits a little for its message; handed values nobody asks for are kept a few at most.

export type Handoff<T> = {
  /** The page's message: `value` is kept for the request that names `id`. */
  accept(id: string, value: T): void;
  /** The request's side: what was handed under `id` (once), or null when nothing came in time. */
  take(id: string): Promise<T | null>;
};

export function createHandoff<T>({ max = 8, waitMs = 10_000 }: { max?: number; waitMs?: number } = {}): Handoff<T> {
  const handed = new Map<string, T>();
  const waiters = new Map<string, (value: T) => void>();
  return {
    accept(id, value) {
      const waiter = waiters.get(id);
      if (waiter !== undefined) return waiter(value);
      if (handed.size >= max) {
        const oldest = handed.keys().next().value;
        if (oldest !== undefined) handed.delete(oldest);
      }
      handed.set(id, value);
    },
    take(id) {
      const ready = handed.get(id);
      if (ready !== undefined) {
        handed.delete(id);
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(id);
          resolve(null);
        }, waitMs);
        waiters.set(id, (value) => {
          clearTimeout(timer);
          waiters.delete(id);
          resolve(value);
        });
      });
    },
  };
}
