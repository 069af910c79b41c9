// A streaming ZIP writer for the basket. No byte is compressed (the files are mostly compressed
// already, and deflate would cost more CPU than the whole download), but each file is written as
// a deflate stream of stored blocks (`zip-output.ts`), not as a stored entry: its CRC-32 and sizes
// follow in a data descriptor, and every reader, streaming ones included, accepts a descriptor
// after deflated data (Java's ZipInputStream refuses one after stored data). A file that may pass
// 4 GiB (its size unknown or near that) has a ZIP64 field in its local header and a ZIP64
// descriptor; the central directory and the end records turn ZIP64 where a size, an offset or the
// entry count needs it (`zip-records.ts`). The CRC-32 is hash-wasm's: at 1.4 GB/s it is four
// times the table-driven one, which cost the worker 3.3 s of CPU per GiB of ZIP.
import { createCRC32 } from 'hash-wasm';
import { ZipOutput } from './zip-output';
import {
  centralHeader,
  dataDescriptor,
  dosDateTime,
  endRecords,
  localHeader,
  MAX_32,
  type Written,
} from './zip-records';

/** A folder (its name ends with "/", no input) or a file whose bytes come from `input`. */
export type ZipEntry = {
  name: string;
  input?: AsyncIterable<Uint8Array> | string;
  lastModified?: Date;
  /**
   * The file's size when it is known beforehand. Without it the entry is written as one that may
   * pass 4 GiB, which Java 17's ZipInputStream cannot stream when the file turns out small (it
   * reads 8-byte descriptor sizes only past 4 GiB); a file said to be smaller that turns out to
   * pass 4 GiB ends the ZIP with an error.
   */
  size?: number;
};

export type ZipBuffers = {
  /** A buffer for the ZIP's next output chunk (at least 64 KiB). */
  take(): Uint8Array<ArrayBuffer>;
  /** Takes back an input chunk once its bytes are copied into the ZIP. */
  give(chunk: Uint8Array): void;
};

/** Output chunks when the caller gives no buffers. */
const OUTPUT_BYTES = 256 * 1024;
/**
 * Files up to this size are written without ZIP64 in their local header: their deflate stream
 * (the bytes plus 5 per stored block, under 0.1 % more) stays under 4 GiB with room to spare.
 */
const PLAIN_UP_TO = MAX_32 - 64 * 1024 * 1024;

const encoder = new TextEncoder();
const newBuffers: ZipBuffers = { take: () => new Uint8Array(OUTPUT_BYTES), give: () => undefined };

async function* zipChunks(entries: AsyncIterable<ZipEntry>, buffers: ZipBuffers): AsyncGenerator<Uint8Array> {
  const crc = await createCRC32();
  const out = new ZipOutput(buffers.take);
  const written: Written[] = [];
  for await (const entry of entries) {
    const folder = entry.input === undefined;
    const name = encoder.encode(folder && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name);
    const input = typeof entry.input === 'string' ? [encoder.encode(entry.input)] : entry.input;
    const size = Array.isArray(input) ? input[0]?.byteLength : entry.size;
    const item: Written = {
      name,
      folder,
      zip64: !folder && (size === undefined || size > PLAIN_UP_TO),
      ...dosDateTime(entry.lastModified ?? new Date()),
      crc: 0,
      size: 0,
      compressed: 0,
      offset: out.offset,
    };
    out.write(localHeader(item));
    if (input !== undefined) {
      crc.init();
      const start = out.offset;
      for await (const chunk of input) {
        crc.update(chunk);
        item.size += chunk.byteLength;
        out.deflate(chunk);
        buffers.give(chunk);
        yield* out.ready();
      }
      out.endDeflate();
      item.compressed = out.offset - start;
      item.crc = Number.parseInt(crc.digest('hex'), 16);
      if (!item.zip64 && item.compressed >= MAX_32)
        throw new Error(`${entry.name} passed 4 GiB, though it was said to hold ${size} bytes`);
      out.write(dataDescriptor(item));
    }
    written.push(item);
    yield* out.ready();
  }
  const directoryOffset = out.offset;
  for (const item of written) out.write(centralHeader(item));
  for (const end of endRecords(written.length, directoryOffset, out.offset - directoryOffset)) out.write(end);
  yield* out.ready(true);
}

/**
 * The ZIP of `entries`, in order, as a stream pulled one chunk at a time. Its chunks are the
 * output buffers of `buffers` (each handed over once, for the sink to give back), and every input
 * chunk goes back through `buffers.give` as soon as it is copied.
 */
export function makeZip(
  entries: AsyncIterable<ZipEntry>,
  options: { buffers?: ZipBuffers } = {},
): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries, options.buffers ?? newBuffers);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done === true) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel(reason: unknown) {
        await chunks.throw(reason).catch(() => undefined);
      },
    },
    { highWaterMark: 0 },
  );
}
