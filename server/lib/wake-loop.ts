// The scheduling loop of a background queue (the thumbnail queue, webhook deliveries): one pass at
// a time, the next one `pollMs` after the last ended, or at once when something woke the loop (a
// wake during a pass runs one more pass right after it). Stopping waits for the pass in progress.
// What a pass does, and what it holds while doing it (a cluster lock, job slots), is the caller's.

export type WakeLoopOptions = {
  /** One look at the queue; it checks `stopped` between items. */
  pass: () => Promise<void>;
  /** How long to wait after a pass when nothing woke the loop. */
  pollMs: number;
  /** A pass that threw: the loop goes on at the next poll. */
  onError: (error: unknown) => void;
};

export class WakeLoop {
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  #running: Promise<void> | undefined;
  #again = false;

  constructor(private readonly options: WakeLoopOptions) {}

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Starts the loop with a pass at once. */
  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  /** Stops scheduling passes and waits for the one in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Something was queued: look now (or right after the pass in progress). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running !== undefined) this.#again = true;
    else this.#schedule(0);
  }

  #schedule(ms: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#again = false;
      this.#running = this.options
        .pass()
        .catch(this.options.onError)
        .finally(() => {
          this.#running = undefined;
          if (!this.#stopped) this.#schedule(this.#again ? 0 : this.options.pollMs);
        });
    }, ms);
    this.#timer.unref();
  }
}
