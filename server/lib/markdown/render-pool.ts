// Renders on worker threads (piscina), so no render holds the event loop. Each job gets
// RENDER_BUDGET_MS from the moment its worker starts it (the worker says so); past that the
// worker is stopped and replaced, and the job is answered `too-complex`, as is one whose renderer
// threw or ran out of memory. Jobs wait for a worker in a bounded queue, for a bounded time: a
// job that finds the queue full, or waits too long, is answered `busy` at once, so a burst of
// hostile pastes costs each of them one budget and never a request that waits without end.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { RENDER_BUDGET_MS, type Unrendered } from '@shared/markdown/unrendered';
import { isRenderStarted, isRenderWorkerReady, type RenderJob, type RenderReply, type RenderTask } from './render-task';

export type RenderOutcome = { html: string } | { unrendered: Unrendered };

export type RenderPoolOptions = {
  /** Worker threads, one a core (at most 4); they run at a lower priority than the event loop. */
  threads?: number;
  budgetMs?: number;
  /** Jobs that may wait for a worker; the next one is answered `busy`. */
  maxQueue?: number;
  /** How long a job may wait for its worker before it is answered `busy` (a restart counts, the pool's first start not). */
  maxWaitMs?: number;
  /** Told of a job that failed before any worker started it for another reason than waiting. */
  onFailure?: (error: unknown) => void;
};

const defaultThreads = Math.min(4, Math.max(1, availableParallelism() - 1));

/** nice(2) steps below the event loop: under contention the event loop gets about nine tenths of a core. */
const WORKER_NICE_INCREMENT = 10;

export class RenderPool {
  readonly #threads: number;
  readonly #budgetMs: number;
  readonly #maxQueue: number;
  readonly #maxWaitMs: number;
  readonly #onFailure: (error: unknown) => void;
  readonly #starts = new Map<number, () => void>();
  #pool: Piscina<RenderTask, RenderReply> | undefined;
  #closed = false;
  #everReady = false;
  #nextId = 1;
  /** Jobs handed to the pool and not answered yet: running or waiting. */
  #inFlight = 0;

  constructor({
    threads = defaultThreads,
    budgetMs = RENDER_BUDGET_MS,
    maxQueue = 4 * threads,
    maxWaitMs = budgetMs,
    onFailure = () => undefined,
  }: RenderPoolOptions = {}) {
    this.#threads = threads;
    this.#budgetMs = budgetMs;
    this.#maxQueue = maxQueue;
    this.#maxWaitMs = maxWaitMs;
    this.#onFailure = onFailure;
  }

  async render(job: RenderJob): Promise<RenderOutcome> {
    // Counted here: piscina's own queue limit does not count jobs that carry an abort signal.
    if (this.#closed || this.#inFlight >= this.#threads + this.#maxQueue) return { unrendered: 'busy' };
    this.#inFlight += 1;
    const id = this.#nextId++;
    const stop = new AbortController();
    let started = false;
    // A job waits for its worker at most maxWaitMs, counted once the pool's first worker is up:
    // the first start (seconds when tsx loads the renderer on a busy machine) is no one's fault.
    const waited = () => {
      if (this.#everReady) stop.abort();
      else timer = setTimeout(waited, this.#maxWaitMs);
    };
    let timer = setTimeout(waited, this.#maxWaitMs);
    this.#starts.set(id, () => {
      started = true;
      clearTimeout(timer);
      timer = setTimeout(() => stop.abort(), this.#budgetMs);
    });
    try {
      const reply = await this.#workers().run({ ...job, id }, { signal: stop.signal });
      return 'html' in reply ? { html: reply.html } : { unrendered: 'too-complex' };
    } catch (error) {
      // Stopped over budget, out of memory, or the worker died under the job: the job's doing.
      if (started && !this.#closed) return { unrendered: 'too-complex' };
      if (!stop.signal.aborted && !this.#closed) this.#onFailure(error);
      return { unrendered: 'busy' };
    } finally {
      this.#inFlight -= 1;
      clearTimeout(timer);
      this.#starts.delete(id);
    }
  }

  /** Stops every worker; jobs still running or waiting are answered `busy`. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool?.destroy();
  }

  #workers(): Piscina<RenderTask, RenderReply> {
    if (this.#pool !== undefined) return this.#pool;
    const pool = new Piscina<RenderTask, RenderReply>({
      ...workerEntry(),
      minThreads: this.#threads,
      maxThreads: this.#threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      niceIncrement: WORKER_NICE_INCREMENT,
      // A render's heap stays far below this; a hostile one that would not is stopped by it.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    pool.on('message', (message: unknown) => {
      if (isRenderStarted(message)) this.#starts.get(message.renderStarted)?.();
      else if (isRenderWorkerReady(message)) this.#everReady = true;
    });
    this.#pool = pool;
    return pool;
  }
}

/**
 * The worker's module: the TypeScript source under tsx and vitest (loaded through tsx), or the
 * file the server build emits beside server.mjs (vite.server.config.ts).
 */
function workerEntry(): { filename: string; execArgv?: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fromSource ? './render.worker.ts' : './markdown-render.worker.mjs';
  const filename = fileURLToPath(new URL(file, import.meta.url));
  return fromSource ? { filename, execArgv: ['--import', 'tsx'] } : { filename };
}
