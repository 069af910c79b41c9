// A Web Worker for jsdom tests, which have none: the worker's module runs in a Node worker thread
// (through tsx, so it imports the sources as the browser build would), with `self.onmessage` and
// `self.postMessage` carried over the thread's port, and terminate() stopping the thread for real.
// Install it with vi.stubGlobal('Worker', NodeWebWorker).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker as NodeWorker } from 'node:worker_threads';

const bootstrap = join(import.meta.dirname, 'node-web-worker-scope.ts');

/** The module's file: Vite serves `new URL('./x.worker.ts', import.meta.url)` from the project root in tests. */
function moduleFile(url: URL | string): string {
  const parsed = new URL(String(url));
  return parsed.protocol === 'file:' ? parsed.href : pathToFileURL(join(process.cwd(), parsed.pathname)).href;
}

export class NodeWebWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly #thread: NodeWorker;

  constructor(url: URL | string) {
    this.#thread = new NodeWorker(bootstrap, { workerData: { url: moduleFile(url) }, execArgv: ['--import', 'tsx'] });
    this.#thread.on('message', (data: unknown) => this.onmessage?.(new MessageEvent('message', { data })));
    this.#thread.on('error', (error: Error) =>
      this.onerror?.(new ErrorEvent('error', { error, message: error.message })),
    );
  }

  postMessage(data: unknown): void {
    this.#thread.postMessage(data);
  }

  terminate(): void {
    void this.#thread.terminate();
  }
}
