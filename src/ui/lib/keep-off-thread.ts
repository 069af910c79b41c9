// Work for a later visit (the offline copy of what is shown) runs in a worker of its own, started
// as soon as the content is on screen: opening the local database there costs the page's main
// thread nothing. Where workers cannot run (tests in a DOM emulation, a worker that fails to
// start), the work waits for the reader to settle and runs on the page instead.
import { whenSettled } from './when-idle';

export function keepOffThread<T>(startWorker: () => Worker, message: T, onPage: () => void): void {
  if (typeof Worker !== 'function') {
    whenSettled(onPage);
    return;
  }
  let worker: Worker;
  try {
    worker = startWorker();
  } catch {
    whenSettled(onPage);
    return;
  }
  worker.onmessage = () => worker.terminate();
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    whenSettled(onPage);
  };
  worker.postMessage(message);
}
