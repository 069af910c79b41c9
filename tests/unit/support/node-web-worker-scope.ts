// Inside a NodeWebWorker's thread: the thread's global made a worker scope (`self`, `postMessage`,
// `onmessage`) over the thread's port, then the worker module itself.
import { parentPort, workerData } from 'node:worker_threads';

const scope = Object.assign(globalThis, {
  postMessage: (data: unknown) => parentPort?.postMessage(data),
  onmessage: null as ((event: MessageEvent) => void) | null,
});
Object.assign(globalThis, { self: scope });
parentPort?.on('message', (data: unknown) => scope.onmessage?.(new MessageEvent('message', { data })));

const { url } = workerData as { url: string };
await import(url);
