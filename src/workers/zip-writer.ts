// A streaming ZIP writer for the basket: entries are stored (the files are mostly compressed
// already, and deflate would cost more CPU than the whole download), each file's bytes pass
// through untouched as they arrive, and its CRC-32 and size follow in a data descriptor. ZIP64
// records are written where a size, an offset or the entry count needs them (APPNOTE 6.3.10,
// sections 4.3.7-4.3.16 and 4.5.3). The CRC-32 is hash-wasm's: at 1.4 GB/s it is four times the
// table-driven one, which cost the worker 3.3 s of CPU per GiB of ZIP.
import { createCRC32 } from 'hash-wasm';

/** A folder (its name ends with "/", no input) or a file whose bytes come from `input`. */
export type ZipEntry = { name: string; input?: AsyncIterable<Uint8Array> | string; lastModified?: Date };

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FILE_FLAGS = 0x0808;
const FOLDER_FLAGS = 0x0800;
const VERSION_ZIP64 = 45;
const VERSION_PLAIN = 20;
/** Made by Unix (3), so the external attributes carry a mode; ZIP version 4.5. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = 0o100664;
const FOLDER_MODE = 0o040775;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

type Written = {
  name: Uint8Array;
  folder: boolean;
  time: number;
  date: number;
  crc: number;
  size: number;
  offset: number;
};

/** MS-DOS time and date in local time, as ZIP readers show them; 1980 is the earliest it holds. */
function dosDateTime(when: Date): { time: number; date: number } {
  if (when.getFullYear() < 1980) return { time: 0, date: (1 << 5) | 1 };
  return {
    time: (when.getSeconds() >> 1) | (when.getMinutes() << 5) | (when.getHours() << 11),
    date: when.getDate() | ((when.getMonth() + 1) << 5) | ((when.getFullYear() - 1980) << 9),
  };
}

function record(size: number): { bytes: Uint8Array<ArrayBuffer>; view: DataView } {
  const bytes = new Uint8Array(size);
  return { bytes, view: new DataView(bytes.buffer) };
}

function localHeader(entry: Written): Uint8Array {
  const { bytes, view } = record(30 + entry.name.length);
  view.setUint32(0, LOCAL_HEADER, true);
  view.setUint16(4, entry.folder ? VERSION_PLAIN : VERSION_ZIP64, true);
  view.setUint16(6, entry.folder ? FOLDER_FLAGS : FILE_FLAGS, true);
  // Method 0 (stored); CRC and sizes are zero here and follow in the descriptor.
  view.setUint16(10, entry.time, true);
  view.setUint16(12, entry.date, true);
  view.setUint16(26, entry.name.length, true);
  bytes.set(entry.name, 30);
  return bytes;
}

/** The descriptor after a file's bytes: 8-byte sizes once they no longer fit in 4 (readers take the central directory's word). */
function dataDescriptor(entry: Written): Uint8Array {
  const large = entry.size >= MAX_32;
  const { bytes, view } = record(large ? 24 : 16);
  view.setUint32(0, DATA_DESCRIPTOR, true);
  view.setUint32(4, entry.crc, true);
  if (large) {
    view.setBigUint64(8, BigInt(entry.size), true);
    view.setBigUint64(16, BigInt(entry.size), true);
  } else {
    view.setUint32(8, entry.size, true);
    view.setUint32(12, entry.size, true);
  }
  return bytes;
}

function centralHeader(entry: Written): Uint8Array {
  const largeSize = entry.size >= MAX_32;
  const largeOffset = entry.offset >= MAX_32;
  const extra = (largeSize ? 16 : 0) + (largeOffset ? 8 : 0);
  const { bytes, view } = record(46 + entry.name.length + (extra > 0 ? 4 + extra : 0));
  view.setUint32(0, CENTRAL_HEADER, true);
  view.setUint16(4, MADE_BY, true);
  view.setUint16(6, extra > 0 || !entry.folder ? VERSION_ZIP64 : VERSION_PLAIN, true);
  view.setUint16(8, entry.folder ? FOLDER_FLAGS : FILE_FLAGS, true);
  view.setUint16(12, entry.time, true);
  view.setUint16(14, entry.date, true);
  view.setUint32(16, entry.crc, true);
  view.setUint32(20, largeSize ? MAX_32 : entry.size, true);
  view.setUint32(24, largeSize ? MAX_32 : entry.size, true);
  view.setUint16(28, entry.name.length, true);
  view.setUint16(30, extra > 0 ? 4 + extra : 0, true);
  view.setUint32(38, (((entry.folder ? FOLDER_MODE : FILE_MODE) << 16) | (entry.folder ? 0x10 : 0)) >>> 0, true);
  view.setUint32(42, largeOffset ? MAX_32 : entry.offset, true);
  bytes.set(entry.name, 46);
  if (extra > 0) {
    // The ZIP64 extra field holds only the values the header could not.
    let at = 46 + entry.name.length;
    view.setUint16(at, 0x0001, true);
    view.setUint16(at + 2, extra, true);
    at += 4;
    if (largeSize) {
      view.setBigUint64(at, BigInt(entry.size), true);
      view.setBigUint64(at + 8, BigInt(entry.size), true);
      at += 16;
    }
    if (largeOffset) view.setBigUint64(at, BigInt(entry.offset), true);
  }
  return bytes;
}

/** The end records: ZIP64's end and locator first when a count, size or offset overflows the classic one. */
function endRecords(count: number, directoryOffset: number, directorySize: number): Uint8Array[] {
  const zip64 = count >= MAX_16 || directoryOffset >= MAX_32 || directorySize >= MAX_32;
  const end = record(22);
  end.view.setUint32(0, END, true);
  end.view.setUint16(8, Math.min(count, MAX_16), true);
  end.view.setUint16(10, Math.min(count, MAX_16), true);
  end.view.setUint32(12, Math.min(directorySize, MAX_32), true);
  end.view.setUint32(16, Math.min(directoryOffset, MAX_32), true);
  if (!zip64) return [end.bytes];
  const end64 = record(56 + 20);
  const { view } = end64;
  view.setUint32(0, ZIP64_END, true);
  view.setBigUint64(4, 44n, true);
  view.setUint16(12, MADE_BY, true);
  view.setUint16(14, VERSION_ZIP64, true);
  view.setBigUint64(24, BigInt(count), true);
  view.setBigUint64(32, BigInt(count), true);
  view.setBigUint64(40, BigInt(directorySize), true);
  view.setBigUint64(48, BigInt(directoryOffset), true);
  view.setUint32(56, ZIP64_LOCATOR, true);
  view.setBigUint64(64, BigInt(directoryOffset + directorySize), true);
  view.setUint32(72, 1, true);
  return [end64.bytes, end.bytes];
}

const encoder = new TextEncoder();

async function* zipChunks(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const crc = await createCRC32();
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const folder = entry.input === undefined;
    const name = encoder.encode(folder && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name);
    const item: Written = { name, folder, ...dosDateTime(entry.lastModified ?? new Date()), crc: 0, size: 0, offset };
    const header = localHeader(item);
    offset += header.byteLength;
    yield header;
    if (entry.input !== undefined) {
      crc.init();
      const input = typeof entry.input === 'string' ? [encoder.encode(entry.input)] : entry.input;
      for await (const chunk of input) {
        crc.update(chunk);
        item.size += chunk.byteLength;
        yield chunk;
      }
      item.crc = Number.parseInt(crc.digest('hex'), 16);
      const descriptor = dataDescriptor(item);
      offset += item.size + descriptor.byteLength;
      yield descriptor;
    }
    written.push(item);
  }
  const directoryOffset = offset;
  for (const item of written) {
    const header = centralHeader(item);
    offset += header.byteLength;
    yield header;
  }
  yield* endRecords(written.length, directoryOffset, offset - directoryOffset);
}

/** The ZIP of `entries`, in order, as a stream pulled one chunk at a time: a file's chunks are the input's own. */
export function makeZip(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries);
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
