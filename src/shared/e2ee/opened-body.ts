// Opens a stored object's records as a stream (docs/encryption.md), pulled by its reader: the
// stored bytes are read a batch of records at a time into two buffers that are reused for the whole
// file (straight from the source when it is a byte stream, as a fetch body is), the records of a
// batch are opened together, and what is handed out is only the opened records themselves. Each
// opened record is a buffer Web Crypto made, which only a full garbage collection frees: 2 GiB of
// them piled up a few hundred MiB before one ran. A reader that is done with each chunk before it
// asks for the next (a Response body) lends them: they are freed two pulls later (buffer-release.ts).
import { bufferReleaser } from '@shared/buffer-release';
import { openRecord, RECORD_BYTES, RecordError, type RecordKey, TAG_BYTES } from './records';

/** Records read and opened at a time (1 MiB stored). */
export const OPENING_BATCH_RECORDS = 16;
/** A lent batch is freed once this many later batches have been asked for (the reader asks for one once it is done with the one before). */
const LENT_FOR_PULLS = 2;

export type OpenedBodyOptions = {
  /** Records read and opened at a time. */
  batchRecords?: number;
  /**
   * 'lent': each chunk handed out is detached (emptied) once two more pulls have come, so the reader
   * must have copied it or be done with it by then, as a Response body is; a late reader finds no
   * bytes, never other ones. 'given' (the default): chunks are the reader's to keep.
   */
  chunks?: 'given' | 'lent';
};

type Source = {
  /** Fills `into` from the start, as far as the source goes; answers the bytes read and the buffer, which may be a new one. */
  fill(into: Uint8Array<ArrayBuffer>): Promise<{ filled: number; bytes: Uint8Array<ArrayBuffer> }>;
  cancel(reason: unknown): Promise<void>;
};

function sourceOf(stream: ReadableStream<Uint8Array>): Source {
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    byob = null;
  }
  if (byob !== null) {
    const reader = byob;
    return {
      async fill(into) {
        const length = into.byteLength;
        let bytes = into;
        let filled = 0;
        while (filled < length) {
          const read = await reader.read(new Uint8Array(bytes.buffer, filled, length - filled));
          if (read.value !== undefined) {
            // The read hands the buffer back under a new name (it was transferred to the source and back).
            bytes = new Uint8Array(read.value.buffer as ArrayBuffer, 0, length);
            filled += read.value.byteLength;
          }
          if (read.done) break;
        }
        return { filled, bytes };
      },
      cancel: (reason) => reader.cancel(reason),
    };
  }
  const reader = stream.getReader();
  let rest: Uint8Array | null = null;
  return {
    async fill(into) {
      let filled = 0;
      while (filled < into.byteLength) {
        if (rest === null) {
          const read = await reader.read();
          if (read.done) break;
          rest = read.value;
        }
        const take = Math.min(rest.byteLength, into.byteLength - filled);
        into.set(rest.subarray(0, take), filled);
        filled += take;
        rest = take === rest.byteLength ? null : rest.subarray(take);
      }
      return { filled, bytes: into };
    },
    cancel: (reason) => reader.cancel(reason),
  };
}

/** A whole record followed by more bytes is not the last; when it opens only as the last, bytes were added after it. */
function openNotFinal(recordKey: RecordKey, index: number, record: Uint8Array<ArrayBuffer>) {
  return openRecord(recordKey, index, false, record).catch(async (error: unknown) => {
    const final = await openRecord(recordKey, index, true, record).then(
      () => true,
      () => false,
    );
    throw final ? new RecordError('extended') : error;
  });
}

/** The last record; a whole one that opens only as not-last means the records after it are missing. */
function openFinal(recordKey: RecordKey, index: number, record: Uint8Array<ArrayBuffer>) {
  if (record.byteLength < TAG_BYTES) return Promise.reject(new RecordError('truncated'));
  return openRecord(recordKey, index, true, record).catch(async (error: unknown) => {
    const notFinal =
      record.byteLength === RECORD_BYTES &&
      (await openRecord(recordKey, index, false, record).then(
        () => true,
        () => false,
      ));
    throw notFinal ? new RecordError('truncated') : error;
  });
}

type Batch = { opened: Promise<Uint8Array<ArrayBuffer>[]>; last: boolean };

/**
 * The plaintext of `stored`, opened record by record in order; errors with a RecordError on the
 * first record that does not open as what it claims to be (changed, reordered, cut short, added to,
 * or another key), before any byte of it is handed out.
 */
export function openedBody(
  stored: ReadableStream<Uint8Array>,
  recordKey: RecordKey,
  { batchRecords = OPENING_BATCH_RECORDS, chunks = 'given' }: OpenedBodyOptions = {},
): ReadableStream<Uint8Array> {
  const source = sourceOf(stored);
  const releaser = chunks === 'lent' ? bufferReleaser() : null;
  /** Lent batches not yet freed, oldest first. */
  const lent: Uint8Array[][] = [];
  const batchBytes = batchRecords * RECORD_BYTES;
  // Two buffers: one being read into while the other's records are opened. A buffer is read into
  // again only after every record of it has opened (or failed), so a failed record can be retried.
  let spare = new Uint8Array(batchBytes);
  let index = 0;
  /** Read ahead: the next batch's bytes, read while the current one opens (nothing is read before the first pull). */
  let ahead: Promise<{ filled: number; bytes: Uint8Array<ArrayBuffer> }> | null = null;
  let pending: Promise<Batch> | null = null;

  /** Reads the batch after the one just read, then opens that one. */
  async function nextBatch(): Promise<Batch> {
    const { filled, bytes } = await (ahead ?? source.fill(new Uint8Array(batchBytes)));
    const first = index;
    const opened: Promise<Uint8Array<ArrayBuffer>>[] = [];
    const whole = Math.floor(filled / RECORD_BYTES);
    // Every whole record but the batch's last is followed by more bytes: none of them is the file's last.
    for (let i = 0; i < whole - 1; i += 1)
      opened.push(openNotFinal(recordKey, first + i, bytes.subarray(i * RECORD_BYTES, (i + 1) * RECORD_BYTES)));
    let last = filled < batchBytes;
    if (filled === batchBytes) {
      // A full batch: whether its last record is the file's last depends on what follows.
      const reused = spare;
      spare = bytes;
      ahead = source.fill(reused);
      const following = await ahead;
      last = following.filled === 0;
      const tail = bytes.subarray((whole - 1) * RECORD_BYTES, filled);
      opened.push(
        last ? openFinal(recordKey, first + whole - 1, tail) : openNotFinal(recordKey, first + whole - 1, tail),
      );
    } else {
      // The source ended inside this batch: what is left after the whole records is the last record.
      if (whole >= 1 && filled % RECORD_BYTES === 0) {
        const tail = bytes.subarray((whole - 1) * RECORD_BYTES, filled);
        opened.push(openFinal(recordKey, first + whole - 1, tail));
      } else {
        if (whole >= 1)
          opened.push(
            openNotFinal(
              recordKey,
              first + whole - 1,
              bytes.subarray((whole - 1) * RECORD_BYTES, whole * RECORD_BYTES),
            ),
          );
        opened.push(openFinal(recordKey, first + whole, bytes.subarray(whole * RECORD_BYTES, filled)));
      }
    }
    index = first + opened.length;
    // Awaited in order when handed out, so the first record that fails is the one reported; this
    // keeps a failure from counting as unhandled meanwhile.
    for (const record of opened) record.catch(() => undefined);
    const inOrder = (async () => {
      const records: Uint8Array<ArrayBuffer>[] = [];
      for (const record of opened) records.push(await record);
      return records;
    })();
    inOrder.catch(() => undefined);
    return { opened: inOrder, last };
  }

  const stop = (error: unknown): never => {
    releaser?.close();
    throw error;
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const batch = await (pending ?? nextBatch()).catch(stop);
        pending = null;
        const records = await batch.opened.catch(stop);
        // Only now that every record of this batch has opened may its buffer be read into again.
        if (!batch.last) {
          pending = nextBatch();
          pending.catch(() => undefined);
        }
        for (const record of records) controller.enqueue(record);
        if (releaser !== null) {
          lent.push(records);
          while (lent.length > LENT_FOR_PULLS) for (const record of lent.shift() ?? []) releaser.release(record.buffer);
        }
        if (batch.last) {
          controller.close();
          releaser?.close();
        }
      },
      cancel: (reason) => {
        releaser?.close();
        return source.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
