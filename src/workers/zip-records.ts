// The fixed records of the basket's ZIP (APPNOTE 6.3.10): local headers, data descriptors, the
// central directory and the end records, with ZIP64 fields where an entry may need them
// (sections 4.3.7-4.3.16, 4.4 and 4.5.3).

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
const ZIP64_EXTRA = 0x0001;
/** Bit 3: CRC and sizes follow the data; bit 11: the name is UTF-8. */
const FILE_FLAGS = 0x0808;
const FOLDER_FLAGS = 0x0800;
const STORED = 0;
const DEFLATED = 8;
const VERSION_ZIP64 = 45;
const VERSION_PLAIN = 20;
/** Made by Unix (3), so the external attributes carry a mode; ZIP version 4.5. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = 0o100664;
const FOLDER_MODE = 0o040775;
export const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

/** An entry as written: `compressed` counts its deflate stream, `size` the file's own bytes. */
export type Written = {
  name: Uint8Array;
  folder: boolean;
  /** The local header carries a ZIP64 field, so the data descriptor is the ZIP64 one. */
  zip64: boolean;
  time: number;
  date: number;
  crc: number;
  size: number;
  compressed: number;
  offset: number;
};

/** MS-DOS time and date in local time, as ZIP readers show them; 1980 is the earliest it holds. */
export function dosDateTime(when: Date): { time: number; date: number } {
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

/**
 * A file's local header says "deflated, CRC and sizes after the data": a streaming reader finds
 * the data's end in the deflate stream itself, which every reader accepts with a descriptor
 * (Java's ZipInputStream refuses one after stored data). An entry that may pass 4 GiB carries a
 * ZIP64 field with both sizes 0 and 0xFFFFFFFF in the header's own size fields, which tells
 * streaming readers that its descriptor holds 8-byte sizes. A folder is stored, with no data.
 */
export function localHeader(entry: Written): Uint8Array {
  const extra = entry.zip64 ? 20 : 0;
  const { bytes, view } = record(30 + entry.name.length + extra);
  view.setUint32(0, LOCAL_HEADER, true);
  view.setUint16(4, entry.folder ? VERSION_PLAIN : VERSION_ZIP64, true);
  view.setUint16(6, entry.folder ? FOLDER_FLAGS : FILE_FLAGS, true);
  view.setUint16(8, entry.folder ? STORED : DEFLATED, true);
  view.setUint16(10, entry.time, true);
  view.setUint16(12, entry.date, true);
  if (entry.zip64) {
    view.setUint32(18, MAX_32, true);
    view.setUint32(22, MAX_32, true);
  }
  view.setUint16(26, entry.name.length, true);
  view.setUint16(28, extra, true);
  bytes.set(entry.name, 30);
  if (entry.zip64) {
    // Original and compressed size, both 0 here: the descriptor has them.
    view.setUint16(30 + entry.name.length, ZIP64_EXTRA, true);
    view.setUint16(32 + entry.name.length, 16, true);
  }
  return bytes;
}

/** The descriptor after a file's data: 8-byte sizes exactly when its local header has the ZIP64 field. */
export function dataDescriptor(entry: Written): Uint8Array {
  const { bytes, view } = record(entry.zip64 ? 24 : 16);
  view.setUint32(0, DATA_DESCRIPTOR, true);
  view.setUint32(4, entry.crc, true);
  if (entry.zip64) {
    view.setBigUint64(8, BigInt(entry.compressed), true);
    view.setBigUint64(16, BigInt(entry.size), true);
  } else {
    view.setUint32(8, entry.compressed, true);
    view.setUint32(12, entry.size, true);
  }
  return bytes;
}

/** A central directory header: its ZIP64 field holds only the values the header could not, in APPNOTE's order. */
export function centralHeader(entry: Written): Uint8Array {
  const large = [entry.size, entry.compressed, entry.offset].map((value) => value >= MAX_32);
  const fields = [entry.size, entry.compressed, entry.offset].filter((_, i) => large[i]);
  const extra = fields.length > 0 ? 4 + 8 * fields.length : 0;
  const { bytes, view } = record(46 + entry.name.length + extra);
  view.setUint32(0, CENTRAL_HEADER, true);
  view.setUint16(4, MADE_BY, true);
  view.setUint16(6, extra > 0 || !entry.folder ? VERSION_ZIP64 : VERSION_PLAIN, true);
  view.setUint16(8, entry.folder ? FOLDER_FLAGS : FILE_FLAGS, true);
  view.setUint16(10, entry.folder ? STORED : DEFLATED, true);
  view.setUint16(12, entry.time, true);
  view.setUint16(14, entry.date, true);
  view.setUint32(16, entry.crc, true);
  view.setUint32(20, large[1] ? MAX_32 : entry.compressed, true);
  view.setUint32(24, large[0] ? MAX_32 : entry.size, true);
  view.setUint16(28, entry.name.length, true);
  view.setUint16(30, extra, true);
  view.setUint32(38, (((entry.folder ? FOLDER_MODE : FILE_MODE) << 16) | (entry.folder ? 0x10 : 0)) >>> 0, true);
  view.setUint32(42, large[2] ? MAX_32 : entry.offset, true);
  bytes.set(entry.name, 46);
  if (extra > 0) {
    let at = 46 + entry.name.length;
    view.setUint16(at, ZIP64_EXTRA, true);
    view.setUint16(at + 2, extra - 4, true);
    at += 4;
    for (const value of fields) {
      view.setBigUint64(at, BigInt(value), true);
      at += 8;
    }
  }
  return bytes;
}

/** The end records: ZIP64's end and locator first when a count, size or offset overflows the classic one. */
export function endRecords(count: number, directoryOffset: number, directorySize: number): Uint8Array[] {
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
