// A render worker of the pool (render-pool.ts): one job at a time, off the event loop. It says
// when its renderer has loaded and when it starts a job, so the pool times the render and not the
// wait before it, nor the pool's first start, and answers a
// renderer's exception (a stack overflow on deep nesting) as a failure instead of throwing.
import { parentPort } from 'node:worker_threads';
import type { RenderReply, RenderStarted, RenderTask, RenderWorkerReady } from './render-task';
import { highlightFileText, markdownToSafeHtml } from './safe-markdown';

const ready: RenderWorkerReady = { renderWorkerReady: true };
parentPort?.postMessage(ready);

export default function render(task: RenderTask): RenderReply {
  const started: RenderStarted = { renderStarted: task.id };
  parentPort?.postMessage(started);
  try {
    return {
      html: task.kind === 'markdown' ? markdownToSafeHtml(task.source) : highlightFileText(task.text, task.filename),
    };
  } catch (error) {
    return { failed: error instanceof Error ? error.name : 'Error' };
  }
}
