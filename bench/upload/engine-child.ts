// The transfer engine from src/workers, alone in its own process so that its memory is measured
// apart from the runner: real upload API against the server, fetch transport, file Blob from disk.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createTransferEngine } from '@workers/engine';
import { createFetchTransport } from '@workers/put-transport';
import { createUploadApi, type UploadApi } from '@workers/upload-api';
import { engineJobSchema, startMessageSchema, type EngineMessage } from './messages';

function send(message: EngineMessage): Promise<void> {
  return new Promise((resolve, reject) =>
    process.send?.(message, undefined, {}, (error) => (error === null ? resolve() : reject(error))),
  );
}

/** The same API, timing each call and keeping the part plan the server answered with. */
function timedApi(
  api: UploadApi,
  apiMs: Record<string, number>,
  plan: { partSize: number; partCount: number },
): UploadApi {
  const timed =
    <Req, Res>(name: string, call: (body: Req, signal: AbortSignal) => Promise<Res>) =>
    async (body: Req, signal: AbortSignal) => {
      const started = performance.now();
      const outcome = await call(body, signal);
      apiMs[name] = Math.round(performance.now() - started);
      return outcome;
    };
  return {
    ...api,
    presign: timed('presign', api.presign),
    multipartInit: timed('init', async (body, signal) => {
      const outcome = await api.multipartInit(body, signal);
      if (outcome.ok) Object.assign(plan, { partSize: outcome.data.part_size, partCount: outcome.data.part_count });
      return outcome;
    }),
    multipartComplete: timed('complete', api.multipartComplete),
    commit: timed('commit', api.commit),
  };
}

async function main(): Promise<void> {
  const job = engineJobSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
  const file = await openAsBlob(job.path);
  const apiMs: Record<string, number> = {};
  const plan = { partSize: file.size, partCount: 1 };
  const api = createUploadApi({
    fetch,
    connection: () => ({ baseUrl: `${job.baseUrl}/api`, credentials: { scheme: 'admin', token: job.token } }),
  });
  const engine = createTransferEngine({
    api: timedApi(api, apiMs, plan),
    transport: createFetchTransport(fetch),
    now: () => performance.now(),
    sleep: (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined),
    config: {
      ...(job.concurrency === undefined ? {} : { concurrency: job.concurrency }),
      ...(job.partSize === undefined ? {} : { partSize: job.partSize }),
    },
  });
  const started = new Promise<void>((resolve) =>
    process.once('message', (message) => {
      startMessageSchema.parse(message);
      resolve();
    }),
  );
  await send({ type: 'ready' });
  await started;

  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const result = await engine.upload({
    id: 'bench',
    file,
    filename: basename(job.path),
    mimetype: 'application/octet-stream',
  });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  await send(
    result.ok
      ? { type: 'done', seconds, cpuSeconds, storagePath: result.share.storage_path, etag: result.etag, ...plan, apiMs }
      : { type: 'failed', message: `${result.code}: ${result.message}` },
  );
  process.disconnect();
}

await main();
