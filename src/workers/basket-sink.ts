// Where a basket ZIP goes, written as it is made: a file the user chose (File System Access API;
// an aborted write leaves nothing behind), or a MessagePort the service worker pulls from while
// it streams the download to the browser. At most one batch of about a MiB is in flight, and each
// chunk is handed back (`release`) as soon as its bytes are written or copied into a batch.
import type { ZipPortReply, ZipPortRequest, ZipSink } from './basket-protocol';

/** A batch posted to the service worker: large enough to keep message overhead small. */
export const PORT_BATCH_BYTES = 1024 * 1024;
/** A batch buffer's size: a batch stops growing past PORT_BATCH_BYTES, so one more read fits. */
const BATCH_CAPACITY = 2 * PORT_BATCH_BYTES;
/** A write to a picked file: each one is a round trip to the browser, so chunks are gathered first. */
const FILE_BATCH_BYTES = 4 * 1024 * 1024;
/** Batch buffers the service worker handed back, kept for the next batches. */
const KEPT_BATCH_BUFFERS = 4;

/** A failure of the destination, not of the download: the page says the ZIP could not be written. */
export class SinkError extends Error {
  override name = 'SinkError';
}

function isPull(data: unknown): data is ZipPortRequest {
  return (
    typeof data === 'object' && data !== null && 'type' in data && (data.type === 'pull' || data.type === 'cancel')
  );
}

/** The parts copied into a buffer handed back earlier where they fit, else into a new one. */
function concat(parts: Uint8Array[], size: number, spare: ArrayBuffer[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(
    size <= BATCH_CAPACITY ? (spare.pop() ?? new ArrayBuffer(BATCH_CAPACITY)) : new ArrayBuffer(size),
  );
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

export type WriteZipOptions = {
  signal: AbortSignal;
  /** Called with each chunk of the ZIP once nothing reads it any more. */
  release: (chunk: Uint8Array) => void;
  /** The service worker's download was stopped by the user. */
  onCancel: () => void;
};

/** Answers the service worker's pulls until the ZIP ends; a cancel from it (the user stopped the download) aborts. */
function serve(
  port: MessagePort,
  zip: ReadableStream<Uint8Array>,
  { signal, release, onCancel }: WriteZipOptions,
): Promise<void> {
  const reader = zip.getReader();
  const post = (reply: ZipPortReply, transfer: Transferable[] = []) => port.postMessage(reply, transfer);
  return new Promise<void>((resolve, reject) => {
    const stop = (error: Error) => {
      port.onmessage = null;
      void reader.cancel(error).catch(() => undefined);
      reject(error);
    };
    signal.addEventListener(
      'abort',
      () => {
        post({ type: 'error', message: 'download cancelled' });
        stop(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
    let reading = false;
    const spare: ArrayBuffer[] = [];
    port.onmessage = (event: MessageEvent<unknown>) => {
      if (!isPull(event.data)) return;
      const { recycle } = event.data.type === 'pull' ? event.data : {};
      if (recycle instanceof ArrayBuffer && recycle.byteLength === BATCH_CAPACITY && spare.length < KEPT_BATCH_BUFFERS)
        spare.push(recycle);
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
          const batch = concat(parts, size, spare);
          for (const part of parts) release(part);
          post({ type: 'chunk', chunk: batch.buffer, length: size }, [batch.buffer]);
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

export async function writeZip(
  sink: ZipSink,
  zip: ReadableStream<Uint8Array>,
  options: WriteZipOptions,
): Promise<void> {
  if (sink.kind === 'port') return serve(sink.port, zip, options);
  let writable: FileSystemWritableFileStream;
  try {
    writable = await sink.handle.createWritable();
  } catch (error) {
    await zip.cancel();
    throw new SinkError(error instanceof Error ? error.message : String(error));
  }
  // Chunks are gathered into batches of FILE_BATCH_BYTES (each write is a round trip to the
  // browser); one batch is written while the next fills, and every chunk is released once copied.
  // Any failure aborts the writable, which discards what was written so far.
  const reader = zip.getReader();
  const writer = writable.getWriter();
  const stop = () => void reader.cancel(options.signal.reason).catch(() => undefined);
  options.signal.addEventListener('abort', stop, { once: true });
  const batches: [Uint8Array, Uint8Array] = [new Uint8Array(FILE_BATCH_BYTES), new Uint8Array(FILE_BATCH_BYTES)];
  let filling: 0 | 1 = 0;
  let size = 0;
  /** The write of the batch not being filled (its buffer is the next to fill). */
  let inFlight: Promise<void> = Promise.resolve();
  const startWrite = async (bytes: Uint8Array) => {
    await inFlight;
    inFlight = writer.write(bytes).catch((error: unknown) => {
      throw new SinkError(error instanceof Error ? error.message : String(error));
    });
    // Awaited before the next write or at the end; a failure in between is not left unobserved.
    inFlight.catch(() => undefined);
  };
  const flush = async () => {
    if (size === 0) return;
    const full = batches[filling].subarray(0, size);
    filling = filling === 0 ? 1 : 0;
    size = 0;
    await startWrite(full);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      options.signal.throwIfAborted();
      if (size + value.byteLength > FILE_BATCH_BYTES) await flush();
      if (value.byteLength > FILE_BATCH_BYTES) {
        await startWrite(value);
        await inFlight;
      } else {
        batches[filling].set(value, size);
        size += value.byteLength;
      }
      options.release(value);
    }
    await flush();
    await inFlight;
    options.signal.throwIfAborted();
    await writer.close();
  } catch (error) {
    await writer.abort(error).catch(() => undefined);
    await reader.cancel(error).catch(() => undefined);
    throw error;
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
}
