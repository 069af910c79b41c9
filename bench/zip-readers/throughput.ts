// How fast the basket's ZIP writer moves bytes, without a browser or a network: 256 KiB chunks
// from the same byte pool the basket reads bodies into (each "read" is a copy from a random
// source, as a body's bytes are copied into the BYOB view), written through `makeZip` and taken
// the way the picked-file sink takes them (copied into 4 MiB batches, each chunk released to the
// pool once copied), or with `--sink port` by the real port sink (`basket-sink.ts`) answering
// pulls over a MessageChannel, the service worker's side played here as in basket-zip.test.ts.
// Files of mixed sizes as in the basket benchmark. Prints MiB/s and CPU (both sides' CPU: one
// process).
// `npx tsx bench/zip-readers/throughput.ts [--gib 2] [--rounds 3] [--sink file|port]`
import { randomFillSync } from 'node:crypto';
import { parseArgs } from 'node:util';
import { writeZip } from '@workers/basket-sink';
import { createBytePool } from '@workers/byte-pool';
import { makeZip, type ZipEntry } from '@workers/zip-writer';

const MIB = 1024 * 1024;
const { values: args } = parseArgs({
  options: {
    gib: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '3' },
    sink: { type: 'string', default: 'file' },
  },
});
const total = Number(args.gib) * 1024 * MIB;
const rounds = Number(args.rounds);
/** The basket benchmark's mix: one large file, some medium, many small (shares of the total). */
const plan = [
  { count: 1, share: 1 / 4 },
  { count: 4, share: 1 / 16 },
  { count: 16, share: 1 / 64 },
  { count: 128, share: 1 / 512 },
];
const source = randomFillSync(new Uint8Array(256 * 1024));

/** The service worker's side: pulls until done, handing each batch's buffer back two pulls later. */
function pullAll(port: MessagePort, onChunk: (length: number) => void): Promise<void> {
  const sent: ArrayBuffer[] = [];
  return new Promise((resolve, reject) => {
    port.onmessage = (
      event: MessageEvent<{ type: string; chunk?: ArrayBuffer; length?: number; message?: string }>,
    ) => {
      const { type, chunk, length } = event.data;
      if (type === 'chunk' && chunk !== undefined) {
        onChunk(length ?? 0);
        sent.push(chunk);
        const recycle = sent.length > 2 ? sent.shift() : undefined;
        port.postMessage({ type: 'pull', recycle }, recycle === undefined ? [] : [recycle]);
      } else if (type === 'done') resolve();
      else reject(new Error(event.data.message));
    };
    port.start();
    port.postMessage({ type: 'pull' });
  });
}

async function round(): Promise<{ seconds: number; cpu: number; zipBytes: number }> {
  const pool = createBytePool(256 * 1024, 8);
  async function* body(size: number): AsyncGenerator<Uint8Array> {
    for (let sent = 0; sent < size; ) {
      const chunk = pool.take().subarray(0, Math.min(source.byteLength, size - sent));
      chunk.set(source.subarray(0, chunk.byteLength));
      sent += chunk.byteLength;
      yield chunk;
    }
  }
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: 'mixed/' };
    for (const { count, share } of plan)
      for (let i = 0; i < count; i += 1) {
        const size = Math.round(total * share);
        yield { name: `mixed/${count}-${i}.bin`, input: body(size), size, lastModified: new Date() };
      }
  }
  let zipBytes = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  if (args.sink === 'port') {
    const channel = new MessageChannel();
    const pulled = pullAll(channel.port1, (length) => {
      zipBytes += length;
    });
    await writeZip({ kind: 'port', port: channel.port2 }, makeZip(entries(), { buffers: pool }), {
      signal: new AbortController().signal,
      release: pool.give,
      onCancel: () => undefined,
    });
    await pulled;
    channel.port1.close();
  } else {
    const batch = new Uint8Array(4 * MIB);
    let filled = 0;
    for await (const chunk of makeZip(entries(), { buffers: pool })) {
      if (filled + chunk.byteLength > batch.byteLength) filled = 0;
      batch.set(chunk, filled);
      filled += chunk.byteLength;
      zipBytes += chunk.byteLength;
      pool.give(chunk);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds, cpu: (cpu.user + cpu.system) / 1e6, zipBytes };
}

for (let i = 1; i <= rounds; i += 1) {
  const { seconds, cpu, zipBytes } = await round();
  const mib = total / MIB;
  console.log(
    `round ${i}: ${mib.toFixed(0)} MiB of files → ${(zipBytes / MIB).toFixed(1)} MiB ZIP in ${seconds.toFixed(2)} s: ` +
      `${(mib / seconds).toFixed(0)} MiB/s, CPU ${cpu.toFixed(2)} s`,
  );
}
