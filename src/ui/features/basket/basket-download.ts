// "Download all" as a task of the app's registry: the ZIP goes to a file the user picks (File
// System Access API) or, where the browser lacks it, through the service worker as an ordinary
// download; the transfer worker does the rest. Retry downloads only the files that failed.
import type { TaskSpec } from '@machines/task-registry';
import { randomUuid } from '@shared/random-uuid';
import { BASKET_DOWNLOAD_PREFIX, BASKET_KEEPALIVE, BASKET_STREAM } from '@shared/sw-message.schema';
import type { BasketStatus } from '@db/schemas/basket.schema';
import type { BasketEntry, ZipSink } from '@workers/basket-protocol';
import type { TransferClient } from '@workers/transfer-client';

export type ZipTarget =
  | { kind: 'file'; handle: FileSystemFileHandle }
  | { kind: 'service-worker'; worker: ServiceWorker };
export type ZipTargetChoice = ZipTarget | { kind: 'dismissed' } | { kind: 'unsupported' };

type SavePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<FileSystemFileHandle>;

const KEEPALIVE_MS = 15_000;

function savePicker(): SavePicker | null {
  if (!('showSaveFilePicker' in window)) return null;
  const picker: unknown = window.showSaveFilePicker;
  return typeof picker === 'function' ? (options) => Reflect.apply(picker, window, [options]) : null;
}

/** Asks where to save; call it straight from the click, which the picker needs. */
export async function chooseZipTarget(filename: string): Promise<ZipTargetChoice> {
  const picker = savePicker();
  if (picker !== null) {
    try {
      return {
        kind: 'file',
        handle: await picker({
          suggestedName: filename,
          types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }],
        }),
      };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return { kind: 'dismissed' };
      // Refused (not allowed here, no activation): the service worker's download still works.
    }
  }
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  return worker ? { kind: 'service-worker', worker } : { kind: 'unsupported' };
}

/** Opens the synthetic URL in a hidden frame: the browser treats the answer as a download. */
function openDownload(id: string, filename: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.src = `${BASKET_DOWNLOAD_PREFIX}${encodeURIComponent(id)}/${encodeURIComponent(filename)}`;
  document.body.append(frame);
  return frame;
}

function sinkFor(target: ZipTarget, id: string, filename: string): { sink: ZipSink; done: () => void } {
  if (target.kind === 'file') return { sink: { kind: 'file', handle: target.handle }, done: () => undefined };
  const channel = new MessageChannel();
  target.worker.postMessage({ type: BASKET_STREAM, id, filename }, [channel.port1]);
  const frame = openDownload(id, filename);
  const keepAlive = setInterval(() => target.worker.postMessage({ type: BASKET_KEEPALIVE }), KEEPALIVE_MS);
  return {
    sink: { kind: 'port', port: channel.port2 },
    done: () => {
      clearInterval(keepAlive);
      // The frame's download belongs to the browser by now; the frame itself can go.
      setTimeout(() => frame.remove(), 60_000);
    },
  };
}

export type BasketDownloadOptions = {
  transfers: TransferClient;
  entries: BasketEntry[];
  filename: string;
  label: string;
  reportName: string;
  /** Where to write; asked again on retry. Throws with the message to show when there is nowhere. */
  target: () => Promise<ZipTarget>;
  onStatus: (id: string, status: BasketStatus, error: string | null) => void;
};

export function basketDownloadTask(options: BasketDownloadOptions): TaskSpec {
  const failed = new Map<string, BasketEntry>();
  return {
    type: 'download',
    label: options.label,
    async run(report, signal) {
      const target = await options.target();
      const id = randomUuid();
      const { sink, done } = sinkFor(target, id, options.filename);
      const onAbort = () => void options.transfers.cancel(id);
      signal.addEventListener('abort', onAbort, { once: true });
      let files = -1;
      try {
        for (const entry of options.entries) options.onStatus(entry.id, 'pending', null);
        const result = await options.transfers.downloadBasket(
          { id, entries: options.entries, reportName: options.reportName, sink },
          (event) => {
            if (event.type === 'entry') options.onStatus(event.id, event.status, event.error);
            else if (event.type === 'progress') {
              // The count grows while folders are listed, then stays: each change re-renders the panel.
              if (event.files !== files) report.total(event.files);
              files = event.files;
              report.bytes(event.loaded, event.total);
            } else {
              const key = event.entry.zipPath ?? event.entry.name;
              if (event.failure === undefined) report.succeeded(key);
              else {
                failed.set(key, event.entry);
                report.failed(key, event.failure.errorCode ?? event.failure.code, event.failure.message);
              }
            }
          },
        );
        if (!result.ok && result.code !== 'cancelled') throw new Error(result.message);
      } finally {
        signal.removeEventListener('abort', onAbort);
        done();
      }
    },
    retry(failures) {
      const entries = failures.map((failure) => failed.get(failure.item)).filter((entry) => entry !== undefined);
      return entries.length === 0 ? null : basketDownloadTask({ ...options, entries });
    },
  };
}
