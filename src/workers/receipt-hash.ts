// The SHA-256 of a file request's receipt, made beside the upload. Every way of reading a Blob into
// script hands out a new buffer per read, and a 2 GiB file's worth of them was collected too late
// (the tab grew by 250 MiB). A byte stream read through a BYOB reader fills buffers we own: two are
// reused for the whole file, one filling while the other is hashed, so memory stays flat.
import { createSHA256 } from 'hash-wasm';
import type { HashCheckpoint } from './receipt-hash-checkpoints';

/** Bytes per read; two buffers of this size are all the hash holds. */
export const HASH_BUFFER_BYTES = 2 * 1024 * 1024;

/** Where the chunks come from: the Blob's byte stream into reused buffers, or one new slice per read. */
export type ChunkReads = 'stream' | 'slices';

type OnChunk = (chunk: Uint8Array) => void;

export type ChunkOptions = {
  bufferBytes?: number;
  reads?: ChunkReads;
  /** Stops the reading (the promise rejects with the signal's reason) once the upload has failed. */
  signal?: AbortSignal;
};

function byobReader(file: Blob): ReadableStreamBYOBReader | null {
  const stream = file.stream();
  try {
    return stream.getReader({ mode: 'byob' });
  } catch {
    // Not a byte stream in this engine: the slices serve instead.
    void stream.cancel().catch(() => undefined);
    return null;
  }
}

/**
 * Hands each chunk of `file`, in order, to `onChunk`, through two reused buffers of `bytes`. A
 * chunk is valid only during the call. False when this engine's Blob stream takes no BYOB reader.
 */
async function streamChunks(file: Blob, bytes: number, onChunk: OnChunk, signal?: AbortSignal): Promise<boolean> {
  const reader = byobReader(file);
  if (reader === null) return false;
  const read = (buffer: ArrayBuffer) => reader.read(new Uint8Array(buffer), { min: buffer.byteLength });
  // Two reads queued: the stream fills the second buffer while the first one is hashed.
  const queued = [read(new ArrayBuffer(bytes)), read(new ArrayBuffer(bytes))];
  try {
    for (;;) {
      const next = queued.shift();
      if (next === undefined) return true;
      const { done, value } = await next;
      signal?.throwIfAborted();
      // The last read of a closed stream may carry bytes along with `done`.
      if (value !== undefined && value.byteLength > 0) onChunk(value);
      if (done || value === undefined) return true;
      queued.push(read(value.buffer));
    }
  } finally {
    for (const pending of queued) pending.catch(() => undefined);
    void reader.cancel().catch(() => undefined);
  }
}

async function sliceChunks(file: Blob, bytes: number, onChunk: OnChunk, signal?: AbortSignal): Promise<void> {
  for (let offset = 0; offset < file.size; offset += bytes) {
    const chunk = new Uint8Array(await file.slice(offset, offset + bytes).arrayBuffer());
    signal?.throwIfAborted();
    onChunk(chunk);
  }
}

/** Every byte of `file`, in order, chunk by chunk; `reads` picks the way (the stream where it can). */
export async function forEachChunk(
  file: Blob,
  onChunk: OnChunk,
  { bufferBytes = HASH_BUFFER_BYTES, reads = 'stream', signal }: ChunkOptions = {},
): Promise<void> {
  signal?.throwIfAborted();
  if (reads === 'stream' && (await streamChunks(file, bufferBytes, onChunk, signal))) return;
  await sliceChunks(file, bufferBytes, onChunk, signal);
}

/** Bytes hashed between two checkpoints a resumed upload can start again from. */
export const HASH_CHECKPOINT_BYTES = 64 * 1024 * 1024;

export type HashOptions = ChunkOptions & {
  /** Where an earlier hash of the same file stood: only the bytes after it are read. */
  from?: HashCheckpoint;
  /** Hears where the hash stands every `checkpointBytes` and at the end. */
  onCheckpoint?: (checkpoint: HashCheckpoint) => void;
  checkpointBytes?: number;
  /** Hears how many bytes of the file are hashed (a checkpoint's included), after every chunk. */
  onBytes?: (hashed: number) => void;
};

/** Hex SHA-256 of a Blob, whatever its size, in constant memory. */
export async function sha256Of(file: Blob, options: HashOptions = {}): Promise<string> {
  const { from, onCheckpoint, checkpointBytes = HASH_CHECKPOINT_BYTES, onBytes, ...reading } = options;
  const hasher = await createSHA256();
  hasher.init();
  let offset = 0;
  if (from !== undefined && from.offset <= file.size) {
    try {
      hasher.load(from.state);
      offset = from.offset;
    } catch {
      // A state another version of the hasher wrote: from the first byte, then.
      hasher.init();
    }
  }
  let next = offset + checkpointBytes;
  await forEachChunk(
    offset === 0 ? file : file.slice(offset),
    (chunk) => {
      hasher.update(chunk);
      offset += chunk.byteLength;
      onBytes?.(offset);
      if (onCheckpoint !== undefined && offset >= next) {
        onCheckpoint({ offset, state: hasher.save() });
        next = offset + checkpointBytes;
      }
    },
    reading,
  );
  onCheckpoint?.({ offset, state: hasher.save() });
  return hasher.digest('hex');
}
