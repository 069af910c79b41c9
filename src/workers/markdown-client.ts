// The page side of the Markdown worker: one worker, one job at a time, each given
// RENDER_BUDGET_MS from the moment the worker starts it (after its code has loaded). A job over
// budget stops the worker (the next job starts a new one) and comes back `too-complex`, as does one
// the renderer threw on; the caller shows the text escaped. A worker that cannot load (offline on a
// first visit) fails the job. Jobs whose signal was aborted before they started are skipped.
import { RENDER_BUDGET_MS } from '@shared/markdown/unrendered';
import { type MarkdownJob, type MarkdownRequest, markdownReplySchema } from './markdown-protocol';

export type MarkdownOutcome = { html: string } | { unrendered: 'too-complex' } | { failed: true };

export type MarkdownWorkerPort = { post(request: MarkdownRequest): void; terminate(): void };

/** Starts a worker whose messages go to `onMessage`; `onError` when it fails to load or dies. */
export type SpawnMarkdownWorker = (onMessage: (message: unknown) => void, onError: () => void) => MarkdownWorkerPort;

export type MarkdownClient = { render(job: MarkdownJob, signal?: AbortSignal): Promise<MarkdownOutcome> };

type Pending = { id: number; job: MarkdownJob; signal?: AbortSignal; resolve: (outcome: MarkdownOutcome) => void };

export const spawnMarkdownWorker: SpawnMarkdownWorker = (onMessage, onError) => {
  const worker = new Worker(new URL('./markdown.worker.ts', import.meta.url), { type: 'module', name: 'markdown' });
  worker.onmessage = (event: MessageEvent<unknown>) => onMessage(event.data);
  worker.onerror = () => onError();
  return { post: (request) => worker.postMessage(request), terminate: () => worker.terminate() };
};

export function createMarkdownClient({
  spawn = spawnMarkdownWorker,
  budgetMs = RENDER_BUDGET_MS,
}: {
  spawn?: SpawnMarkdownWorker;
  budgetMs?: number;
} = {}): MarkdownClient {
  let worker: MarkdownWorkerPort | null = null;
  let ready = false;
  let current: Pending | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting: Pending[] = [];
  let nextId = 1;

  const stop = () => {
    worker?.terminate();
    worker = null;
    ready = false;
  };

  const settle = (outcome: MarkdownOutcome) => {
    clearTimeout(timer);
    timer = undefined;
    const done = current;
    current = null;
    done?.resolve(outcome);
    pump();
  };

  const onMessage = (message: unknown) => {
    const reply = markdownReplySchema.safeParse(message);
    if (!reply.success) return;
    const data = reply.data;
    if ('ready' in data) {
      ready = true;
      pump();
    } else if ('started' in data) {
      if (current?.id === data.started) {
        timer = setTimeout(() => {
          stop();
          settle({ unrendered: 'too-complex' });
        }, budgetMs);
      }
    } else if (current?.id === data.id) {
      settle('html' in data ? { html: data.html } : { unrendered: 'too-complex' });
    }
  };

  const onError = () => {
    stop();
    if (current !== null) {
      // A job that had started broke the worker; one that had not could not load it.
      settle(timer === undefined ? { failed: true } : { unrendered: 'too-complex' });
      return;
    }
    // The worker could not load: the jobs waiting for it fail, and the next one tries a new worker.
    for (const job of waiting.splice(0)) job.resolve({ failed: true });
  };

  function pump(): void {
    if (current !== null) return;
    let next = waiting.shift();
    while (next?.signal?.aborted) {
      next.resolve({ failed: true });
      next = waiting.shift();
    }
    if (next === undefined) return;
    if (worker === null) worker = spawn(onMessage, onError);
    if (!ready) {
      waiting.unshift(next);
      return;
    }
    current = next;
    worker.post({ ...next.job, id: next.id });
  }

  return {
    render(job, signal) {
      return new Promise((resolve) => {
        waiting.push({ id: nextId++, job, signal, resolve });
        pump();
      });
    },
  };
}

let shared: MarkdownClient | undefined;

/** The page's one Markdown worker client. */
export function markdownClient(): MarkdownClient {
  shared ??= createMarkdownClient();
  return shared;
}
