// What crosses to a render worker and back (render-pool.ts, render.worker.ts).

export type RenderJob = { kind: 'markdown'; source: string } | { kind: 'file-text'; text: string; filename: string };

/** A job with the id the worker reports back when it starts it, which starts the budget. */
export type RenderTask = RenderJob & { id: number };

/** The worker's answer: the HTML, or `failed` when the renderer threw (a stack overflow on deep nesting). */
export type RenderReply = { html: string } | { failed: string };

/** Posted by a worker on its parent port once its renderer has loaded. */
export type RenderWorkerReady = { renderWorkerReady: true };

/** Posted by the worker on its parent port as it starts a task. */
export type RenderStarted = { renderStarted: number };

export function isRenderStarted(message: unknown): message is RenderStarted {
  return typeof message === 'object' && message !== null && 'renderStarted' in message;
}

export function isRenderWorkerReady(message: unknown): message is RenderWorkerReady {
  return typeof message === 'object' && message !== null && 'renderWorkerReady' in message;
}
