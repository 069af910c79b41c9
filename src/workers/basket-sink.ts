// Where a basket ZIP goes, written as it is made: a file the user chose (File System Access API;
// an aborted write leaves nothing behind), or a MessagePort the service worker pulls from while
// it streams the download to the browser. At most one batch of about a MiB is in flight.
import type { ZipPortReply, ZipPortRequest, ZipSink } from './basket-protocol';

/** A batch posted to the service worker: large enough to keep message overhead small. */
export const PORT_BATCH_BYTES = 1024 * 1024;

/** A failure of the destination, not of the download: the page says the ZIP could not be written. */
export class SinkError extends Error {
  override name = 'SinkError';
}

function isPull(data: unknown): data is ZipPortRequest {
  return typeof data === 'object' && data !== null && 'type' in data && (data.type === 'pull' || data.type === 'cancel');
}

function concat(parts: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** Answers the service worker's pulls until the ZIP ends; a cancel from it (the user stopped the download) aborts. */
function serve(port: MessagePort, zip: ReadableStream<Uint8Array>, signal: AbortSignal, onCancel: () => void): Promise<void> {
  const reader = zip.getReader();
  const post = (reply: ZipPortReply, transfer: Transferable[] = []) => port.postMessage(reply, transfer);
  return new Promise<void>((resolve, reject) => {
    const stop = (error: Error) => {
      port.onmessage = null;
      void reader.cancel(error).catch(() => undefined);
      reject(error);
    };
    signal.addEventListener('abort', () => {
      post({ type: 'error', message: 'download cancelled' });
      stop(new DOMException('Aborted', 'AbortError'));
    }, { once: true });
    let reading = false;
    port.onmessage = (event: MessageEvent<unknown>) => {
      if (!isPull(event.data)) return;
      if (event.data.type === 'cancel') {
        onCancel();
        stop(new DOMException('Aborted', 'AbortError'));
        return;
      }
      if (reading) return;
      reading = true;
      void (async () => {
        const parts: Uint8Array[] = [];
        let size = 0;
        let done = false;
        while (size < PORT_BATCH_BYTES) {
          const next = await reader.read();
          if (next.done) {
            done = true;
            break;
          }
          parts.push(next.value);
          size += next.value.byteLength;
        }
        if (size > 0) {
          const batch = concat(parts, size);
          post({ type: 'chunk', chunk: batch.buffer }, [batch.buffer]);
        } else if (done) {
          post({ type: 'done' });
          port.onmessage = null;
          resolve();
        }
        reading = false;
      })().catch((error: unknown) => {
        if (signal.aborted) return;
        post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        stop(error instanceof Error ? error : new Error(String(error)));
      });
    };
    port.start();
  });
}

export async function writeZip(sink: ZipSink, zip: ReadableStream<Uint8Array>, signal: AbortSignal, onCancel: () => void = () => undefined): Promise<void> {
  if (sink.kind === 'port') return serve(sink.port, zip, signal, onCancel);
  let writable: FileSystemWritableFileStream;
  try {
    writable = await sink.handle.createWritable();
  } catch (error) {
    await zip.cancel();
    throw new SinkError(error instanceof Error ? error.message : String(error));
  }
  // pipeTo aborts the writable on any failure, which discards what was written so far.
  await zip.pipeTo(writable, { signal });
}
