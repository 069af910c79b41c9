// The worker side of bench/upload/e2ee-probe.ts: one way of sealing (or opening) a file's records
// per message, timed here; the driver measures the renderer's CPU and memory around each.
import { openedBody } from '@shared/e2ee/opened-body';
import {
  RECORD_BYTES,
  PLAIN_RECORD_BYTES,
  sealRecord,
  sealRecords,
  openingStream,
  type RecordKey,
} from '@shared/e2ee/records';

type SyncAccess = {
  write(bytes: Uint8Array, options: { at: number }): number;
  truncate(size: number): void;
  close(): void;
};
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Job>) => void) | null;
  postMessage(message: unknown): void;
};

const MIB = 1024 * 1024;
const PART = 16 * MIB;
const LANES = 4;

type Job = { variant: string; file: File; origin: string };

async function recordKey(): Promise<RecordKey> {
  const key = await crypto.subtle.importKey('raw', new Uint8Array(32), 'AES-GCM', false, ['encrypt', 'decrypt']);
  return { key, prefix: new Uint8Array(8) };
}

async function fetchPut(url: string, body: Blob | Uint8Array<ArrayBuffer>): Promise<void> {
  const response = await fetch(url, { method: 'PUT', body });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
}

function put(url: string, body: Blob | Uint8Array<ArrayBuffer>): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error(`HTTP ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(body);
  });
}

/** Seals with `lanes` records in flight; lanes = Infinity fires them all. */
async function sealLanes(
  key: RecordKey,
  first: number,
  plain: Uint8Array<ArrayBuffer>,
  final: boolean,
  lanes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const count = final
    ? Math.max(1, Math.ceil(plain.byteLength / PLAIN_RECORD_BYTES))
    : plain.byteLength / PLAIN_RECORD_BYTES;
  const out = new Uint8Array(plain.byteLength + count * 16);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const start = i * PLAIN_RECORD_BYTES;
      const rec = plain.subarray(start, Math.min(plain.byteLength, start + PLAIN_RECORD_BYTES));
      out.set(await sealRecord(key, first + i, final && i === count - 1, rec), i * RECORD_BYTES);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, count) }, lane));
  return out;
}

type Sink = 'none' | 'blob' | 'put' | 'put-buf' | 'fetch-buf' | 'fetch-blob';

/** A part: read `stepRecords` records at a time, seal, keep the pieces; then make a Blob / PUT it. */
async function sealedPart(
  job: Job,
  key: RecordKey,
  part: number,
  opts: { stepRecords: number; lanes: number; seal: boolean; sink: Sink; oneBuffer: boolean },
): Promise<void> {
  const file = job.file;
  const plainPart = PLAIN_RECORD_BYTES * (PART / RECORD_BYTES);
  const start = part * plainPart;
  const end = Math.min(file.size, start + plainPart);
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  const whole = opts.oneBuffer ? new Uint8Array(PART) : null;
  let at = start;
  let record = start / PLAIN_RECORD_BYTES;
  let written = 0;
  while (at < end) {
    const stepEnd = Math.min(end, at + opts.stepRecords * PLAIN_RECORD_BYTES);
    const plain = new Uint8Array(await file.slice(at, stepEnd).arrayBuffer());
    const sealed = opts.seal
      ? opts.lanes === 8
        ? await sealRecords(key, record, plain, stepEnd === file.size)
        : await sealLanes(key, record, plain, stepEnd === file.size, opts.lanes)
      : plain;
    if (whole !== null) {
      whole.set(sealed, written);
      written += sealed.byteLength;
    } else pieces.push(sealed);
    record += opts.stepRecords;
    at = stepEnd;
  }
  if (opts.sink === 'none') return;
  if (opts.sink === 'put-buf' || opts.sink === 'fetch-buf') {
    const bytes = whole?.subarray(0, written) ?? new Uint8Array(0);
    if (opts.sink === 'put-buf') await put(`${job.origin}/sink/${part}`, bytes);
    else await fetchPut(`${job.origin}/sink/${part}`, bytes);
    return;
  }
  const blob = new Blob(whole !== null ? [whole.subarray(0, written)] : pieces);
  if (opts.sink === 'fetch-blob') return fetchPut(`${job.origin}/sink/${part}`, blob);
  if (opts.sink === 'put') await put(`${job.origin}/sink/${part}`, blob);
  else await blob.slice(0, 1).arrayBuffer();
}

/** The same, written into a file of the origin-private file system and PUT as that file. */
async function opfsPart(job: Job, key: RecordKey, part: number, dir: FileSystemDirectoryHandle): Promise<void> {
  const file = job.file;
  const plainPart = PLAIN_RECORD_BYTES * (PART / RECORD_BYTES);
  const start = part * plainPart;
  const end = Math.min(file.size, start + plainPart);
  const handle = await dir.getFileHandle(`part-${part}`, { create: true });
  const access = await (
    handle as unknown as { createSyncAccessHandle(): Promise<SyncAccess> }
  ).createSyncAccessHandle();
  let at = start;
  let record = start / PLAIN_RECORD_BYTES;
  let written = 0;
  while (at < end) {
    const stepEnd = Math.min(end, at + 16 * PLAIN_RECORD_BYTES);
    const plain = new Uint8Array(await file.slice(at, stepEnd).arrayBuffer());
    const sealed = await sealRecords(key, record, plain, stepEnd === file.size);
    written += access.write(sealed, { at: written });
    record += 16;
    at = stepEnd;
  }
  access.truncate(written);
  access.close();
  await put(`${job.origin}/sink/${part}`, await handle.getFile());
  await dir.removeEntry(`part-${part}`);
}

async function lanesOver(count: number, each: (part: number) => Promise<void>, lanes = LANES): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let p = next++; p < count; p = next++) await each(p);
    }),
  );
}

async function download(job: Job, key: RecordKey, open: 'no' | 'transform' | 'body'): Promise<number> {
  const response = await fetch(`${job.origin}/sealed`);
  if (response.body === null) throw new Error('no body');
  const body =
    open === 'transform'
      ? response.body.pipeThrough(openingStream(key))
      : open === 'body'
        ? openedBody(response.body, key)
        : response.body;
  const reader = body.getReader();
  let total = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) total += r.value.byteLength;
  return total;
}

async function run(job: Job): Promise<string> {
  const key = await recordKey();
  const parts = Math.ceil(job.file.size / (PLAIN_RECORD_BYTES * (PART / RECORD_BYTES)));
  const v = job.variant;
  const base = { stepRecords: 16, lanes: 8, seal: true, sink: 'put' as Sink, oneBuffer: false };
  const variants: Record<string, () => Promise<unknown>> = {
    'plain-put': () =>
      lanesOver(parts, (p) =>
        put(`${job.origin}/sink/${p}`, job.file.slice(p * PART, Math.min(job.file.size, (p + 1) * PART))),
      ),
    read: () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, seal: false, sink: 'none' })),
    seal8: () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, sink: 'none' })),
    seal1: () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, lanes: 1, sink: 'none' })),
    seal32: () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, lanes: 32, sink: 'none' })),
    sealAll: () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, lanes: 1e9, sink: 'none' })),
    'seal8-blob': () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, sink: 'blob' })),
    current: () => lanesOver(parts, (p) => sealedPart(job, key, p, base)),
    current8: () => lanesOver(parts, (p) => sealedPart(job, key, p, base), 8),
    current2: () => lanesOver(parts, (p) => sealedPart(job, key, p, base), 2),
    'buf-put': () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, oneBuffer: true, sink: 'put-buf' })),
    'fetch-buf': () =>
      lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, oneBuffer: true, sink: 'fetch-buf' })),
    'fetch-blob': () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, sink: 'fetch-blob' })),
    'onebuf-blob': () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, oneBuffer: true, sink: 'blob' })),
    'onebuf-put': () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, oneBuffer: true })),
    'step64-put': () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, stepRecords: 64 })),
    'plainblob-put': () => lanesOver(parts, (p) => sealedPart(job, key, p, { ...base, seal: false })),
    'opfs-put': async () => {
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle('probe', { create: true });
      await lanesOver(parts, (p) => opfsPart(job, key, p, dir));
    },
    'dl-plain': () => download(job, key, 'no'),
    'dl-open': () => download(job, key, 'transform'),
    'dl-body': () => download(job, key, 'body'),
    byob: async () => {
      const response = await fetch(`${job.origin}/sealed`);
      try {
        response.body?.getReader({ mode: 'byob' }).releaseLock();
        return 1;
      } catch {
        return 0;
      } finally {
        await response.body?.cancel();
      }
    },
  };
  const chosen = variants[v];
  if (chosen === undefined) throw new Error(`no variant ${v}`);
  const started = performance.now();
  const result = await chosen();
  return `${(performance.now() - started).toFixed(0)} ms${typeof result === 'number' ? ` ${result} bytes` : ''}`;
}

scope.onmessage = (event) => {
  run(event.data).then(
    (text) => scope.postMessage({ ok: true, text }),
    (error: unknown) => scope.postMessage({ ok: false, text: String(error) }),
  );
};
