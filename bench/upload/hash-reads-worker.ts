// The worker of bench/upload/hash-reads.ts: one way of reading (and hashing) the chosen file, timed.
import { createSHA256 } from 'hash-wasm';
import { forEachChunk, sha256Of } from '@workers/receipt-hash';

const MIB = 1024 * 1024;

export type HashReadVariant = 'hash-only' | 'stream-read' | 'slices-read' | 'stream-hash' | 'slices-hash';

async function hashOnly(size: number): Promise<string> {
  const hasher = await createSHA256();
  const block = new Uint8Array(4 * MIB).map((_, i) => i % 251);
  hasher.init();
  for (let done = 0; done < size; done += block.byteLength)
    hasher.update(block.subarray(0, Math.min(block.byteLength, size - done)));
  return hasher.digest('hex');
}

async function run(file: File, variant: HashReadVariant): Promise<string> {
  switch (variant) {
    case 'hash-only':
      return hashOnly(file.size);
    case 'stream-read':
    case 'slices-read': {
      let bytes = 0;
      await forEachChunk(file, (chunk) => (bytes += chunk.byteLength), {
        reads: variant === 'stream-read' ? 'stream' : 'slices',
        ...(variant === 'slices-read' ? { bufferBytes: 4 * MIB } : {}),
      });
      return String(bytes);
    }
    case 'stream-hash':
      return sha256Of(file, { reads: 'stream' });
    case 'slices-hash':
      // What the request upload did before: a new 4 MiB slice per read.
      return sha256Of(file, { reads: 'slices', bufferBytes: 4 * MIB });
  }
}

self.onmessage = async (event: MessageEvent<{ file: File; variant: HashReadVariant }>) => {
  const started = performance.now();
  const result = await run(event.data.file, event.data.variant);
  self.postMessage({ ms: performance.now() - started, result });
};
