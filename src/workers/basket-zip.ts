// "Download all" of the file basket: folders are listed at every depth (cursor pages),
// each file fetched from its direct link (links asked a few ahead) and streamed into one ZIP
// (`zip-writer`: ZIP64 when needed) written straight to the sink, so memory holds a few chunks,
// never a file. A file that still fails after retries goes into a report inside the ZIP.
import { downloadFile } from '@shared/api/file.endpoints';
import { fsEndpointsOf } from '@shared/api/fs.endpoints';
import { FS_LIST_MAX_LIMIT } from '@shared/api/fs.schema';
import { createApiClient } from '@shared/http/api-client';
import { isRetryableStatus } from '@shared/http/retryable-status';
import type { BasketEntry, BasketZipEvent, BasketZipJob, BasketZipResult } from './basket-protocol';
import { writeZip } from './basket-sink';
import { createBytePool, pooledReader } from './byte-pool';
import { failure, failureLabel, fromError } from './failures';
import { storageUrl } from './fs-transfer';
import { createJobRegistry, type Job, type JobRegistry } from './job-registry';
import type { TransferConnection, TransferFailure } from './protocol';
import { backoffDelay } from './put-with-retry';
import { makeZip } from './zip-writer';

export type BasketZipConfig = {
  /** Files whose direct link is asked ahead of the one being written. */
  concurrency: number;
  retries: number;
  retryBaseDelayMs: number;
  retryMaxDelayMs: number;
  progressEveryMs: number;
};

/** Bodies are read into buffers of this size, reused once written: a handful carry the whole ZIP. */
const READ_BUFFER_BYTES = 256 * 1024;
const KEPT_READ_BUFFERS = 8;

export const defaultBasketZipConfig: BasketZipConfig = {
  concurrency: 3,
  retries: 3,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  progressEveryMs: 100,
};

export type BasketZipDeps = {
  fetch: typeof globalThis.fetch;
  connection: () => TransferConnection | null;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  random?: () => number;
  config?: Partial<BasketZipConfig>;
  /** The worker's running jobs, shared by every transfer kind; its own by default. */
  jobs?: JobRegistry;
};

type Found =
  | { kind: 'folder'; zipPath: string }
  | { kind: 'file'; owner: BasketEntry; file: BasketEntry; zipPath: string; modified: string | null }
  | { kind: 'owner-done'; owner: BasketEntry }
  | { kind: 'owner-failed'; owner: BasketEntry; failure: TransferFailure };
type Opened = { ok: true; response: Response } | TransferFailure;
type Queued =
  | Exclude<Found, { kind: 'file' }>
  | { kind: 'opened'; found: Extract<Found, { kind: 'file' }>; link: Promise<string> };

/** An attempt that failed; retried while its failure is retryable. */
class FailedAttempt extends Error {
  constructor(readonly failure: TransferFailure) {
    super(failure.message);
  }
}

/** A listing or link call the API refused, a fetch that threw, or an attempt that failed. */
function failureOf(error: unknown): TransferFailure {
  return error instanceof FailedAttempt ? error.failure : fromError('http', error);
}

/** The body's length (not an encoded one's): an entry of unknown size is written as one that may pass 4 GiB. */
function lengthOf(response: Response): number | null {
  const length = response.headers.get('content-length');
  if (length === null || response.headers.has('content-encoding') || !/^\d+$/.test(length)) return null;
  return Number(length);
}

export function createBasketZip(deps: BasketZipDeps) {
  const config = { ...defaultBasketZipConfig, ...deps.config };
  const random = deps.random ?? Math.random;
  const jobs = deps.jobs ?? createJobRegistry();
  const base = () => deps.connection()?.baseUrl ?? '';
  const client = createApiClient({
    fetch: deps.fetch,
    baseUrl: base,
    getCredentials: () => deps.connection()?.credentials ?? null,
    onAuthExpired: () => undefined,
  });
  const policy = { retries: config.retries, baseDelayMs: config.retryBaseDelayMs, maxDelayMs: config.retryMaxDelayMs };

  /** Calls `attempt` until it succeeds, fails for good, or the retries are spent. */
  async function withRetries<T>(signal: AbortSignal, attempt: () => Promise<T>): Promise<T> {
    for (let tries = 0; ; tries += 1) {
      try {
        return await attempt();
      } catch (error) {
        if (signal.aborted || tries >= config.retries || !failureOf(error).retryable) throw error;
        await deps.sleep(backoffDelay(policy, tries, random), signal);
      }
    }
  }

  async function run(
    job: BasketZipJob,
    emit: (event: BasketZipEvent) => void,
    { id, signal }: Job,
  ): Promise<BasketZipResult> {
    const pool = createBytePool(READ_BUFFER_BYTES, KEPT_READ_BUFFERS);
    const used = new Set<string>();
    const failures: { path: string; failure: TransferFailure }[] = [];
    const owners = new Map<string, { files: number; failed: number; started: boolean }>();
    let loaded = 0;
    let total = 0;
    let files = 0;
    let succeeded = 0;
    let lastProgress = -Infinity;

    const progress = (force = false) => {
      if (!force && deps.now() - lastProgress < config.progressEveryMs) return;
      lastProgress = deps.now();
      emit({ type: 'progress', loaded, total, files });
    };
    const status = (
      id: string,
      value: 'preparing' | 'downloading' | 'completed' | 'failed',
      error: string | null = null,
    ) => emit({ type: 'entry', id, status: value, error });
    const ownerOf = (id: string) => {
      const state = owners.get(id) ?? { files: 0, failed: 0, started: false };
      owners.set(id, state);
      return state;
    };

    /** A name not yet in the ZIP: "a.txt", then "a (2).txt". */
    const unique = (path: string): string => {
      if (!used.has(path)) {
        used.add(path);
        return path;
      }
      const dot = path.lastIndexOf('.');
      const slash = path.lastIndexOf('/');
      const [stem, ext] = dot > slash + 1 ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
      for (let n = 2; ; n += 1) {
        const candidate = `${stem} (${n})${ext}`;
        if (!used.has(candidate)) {
          used.add(candidate);
          return candidate;
        }
      }
    };

    const list = (entry: BasketEntry, path: string, cursor: string | null) => {
      const fs = fsEndpointsOf(entry.scope === 'user' ? 'user' : 'admin');
      return withRetries(signal, () =>
        client.call(fs.list, {
          query: { path, limit: FS_LIST_MAX_LIMIT, ...(cursor === null ? {} : { cursor }) },
          signal,
        }),
      );
    };

    /** Every file and folder of the basket, folders listed depth first at every level, page by page. */
    async function* expand(): AsyncGenerator<Found> {
      for (const entry of job.entries) {
        status(entry.id, 'preparing');
        if (!entry.isDirectory) {
          const zipPath = unique(entry.zipPath ?? entry.name);
          yield { kind: 'file', owner: entry, file: entry, zipPath, modified: null };
          yield { kind: 'owner-done', owner: entry };
          continue;
        }
        const root = unique(entry.zipPath ?? entry.name);
        yield { kind: 'folder', zipPath: root };
        const stack = [{ path: entry.path, zipPath: root }];
        try {
          while (stack.length > 0) {
            const folder = stack.pop();
            if (folder === undefined) break;
            let cursor: string | null = null;
            do {
              const page = await list(entry, folder.path, cursor);
              for (const item of page.items) {
                const zipPath = unique(`${folder.zipPath}/${item.name}`);
                if (item.isDirectory) {
                  stack.push({ path: item.path, zipPath });
                  yield { kind: 'folder', zipPath };
                } else {
                  const file: BasketEntry = {
                    id: entry.id,
                    source: 'fs',
                    scope: entry.scope,
                    path: item.path,
                    name: item.name,
                    isDirectory: false,
                    size: item.size,
                    zipPath,
                  };
                  yield { kind: 'file', owner: entry, file, zipPath, modified: item.modified };
                }
              }
              cursor = page.nextCursor;
            } while (cursor !== null);
          }
          yield { kind: 'owner-done', owner: entry };
        } catch (error) {
          if (signal.aborted) throw error;
          yield { kind: 'owner-failed', owner: entry, failure: failureOf(error) };
        }
      }
    }

    /** The file's direct link (asked ahead of time: it costs an API round trip); retried like the GET. */
    function linkOf(file: BasketEntry): Promise<string> {
      if (file.source === 'share') return Promise.resolve(client.url(downloadFile, { params: { slug: file.path } }));
      const fs = fsEndpointsOf(file.scope === 'user' ? 'user' : 'admin');
      return withRetries(signal, async () =>
        storageUrl(
          (await client.call(fs.fileLink, { query: { path: file.path, force_download: true }, signal })).presignedUrl,
          base(),
        ),
      );
    }

    /**
     * The file's response, retried on network errors, 408, 429 and 5xx. Asked only when the ZIP
     * reaches the file: a response opened ahead would have its body buffered while it waits.
     */
    async function open(file: BasketEntry, range: number, link: Promise<string> = linkOf(file)): Promise<Opened> {
      try {
        let url = await link;
        return await withRetries(signal, async () => {
          const response = await deps.fetch(url, {
            signal,
            ...(range > 0 ? { headers: { Range: `bytes=${range}-` } } : {}),
          });
          if (range > 0 ? response.status === 206 : response.ok) return response;
          await response.body?.cancel();
          const { status } = response;
          const again = isRetryableStatus(status) || status === 403;
          const refused = failure('http', { status, retryable: again, message: `the file answered HTTP ${status}` });
          if (status === 403 && file.source === 'fs') url = await linkOf(file);
          if (again) throw new FailedAttempt(refused);
          return refused;
        }).then((outcome) => (outcome instanceof Response ? { ok: true as const, response: outcome } : outcome));
      } catch (error) {
        if (signal.aborted) throw error;
        return failureOf(error);
      }
    }

    const fail = (found: Extract<Found, { kind: 'file' }>, failed: TransferFailure) => {
      failures.push({ path: found.zipPath, failure: failed });
      ownerOf(found.owner.id).failed += 1;
      emit({ type: 'file', entry: found.file, failure: failed });
    };

    /** The body as it arrives; a break resumes from where it stopped (Range), a lasting one ends the entry short and reports it. */
    async function* body(found: Extract<Found, { kind: 'file' }>, first: Response): AsyncGenerator<Uint8Array> {
      let response = first;
      let offset = 0;
      for (let breaks = 0; ; breaks += 1) {
        try {
          if (response.body === null) break;
          const reader = pooledReader(response.body, pool);
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            offset += value.byteLength;
            loaded += value.byteLength;
            progress();
            yield value;
          }
          break;
        } catch (error) {
          if (signal.aborted) throw error;
          const reopened = breaks < config.retries ? await open(found.file, offset) : null;
          if (reopened === null || !reopened.ok) {
            const message = `the download broke off after ${offset} bytes`;
            fail(found, failure('network', { retryable: true, message }));
            return;
          }
          response = reopened.response;
        }
      }
      if (found.file.size !== null && offset !== found.file.size) {
        const message = `expected ${found.file.size} bytes, got ${offset}`;
        fail(found, failure('url-size-mismatch', { message }));
        return;
      }
      succeeded += 1;
      emit({ type: 'file', entry: found.file });
    }

    const finishOwner = (owner: BasketEntry) => {
      const state = ownerOf(owner.id);
      if (state.failed > 0) status(owner.id, 'failed', `${state.failed} of ${state.files} files failed`);
      else status(owner.id, 'completed');
    };

    /** What the ZIP holds, in order: folders, files (opened `concurrency` ahead), then the report. */
    async function* inputs() {
      const source = expand();
      const queue: Queued[] = [];
      let exhausted = false;
      const openedAhead = () => queue.filter((item) => item.kind === 'opened').length;
      while (true) {
        while (!exhausted && openedAhead() < config.concurrency) {
          const next = await source.next();
          if (next.done === true) {
            exhausted = true;
            break;
          }
          const found = next.value;
          if (found.kind === 'file') {
            files += 1;
            total += found.file.size ?? 0;
            ownerOf(found.owner.id).files += 1;
            const link = linkOf(found.file);
            link.catch(() => undefined);
            queue.push({ kind: 'opened', found, link });
          } else {
            queue.push(found);
          }
        }
        const head = queue.shift();
        if (head === undefined) break;
        if (head.kind === 'folder') yield { name: `${head.zipPath}/` };
        else if (head.kind === 'owner-done') finishOwner(head.owner);
        else if (head.kind === 'owner-failed') {
          failures.push({ path: head.owner.zipPath ?? head.owner.name, failure: head.failure });
          emit({ type: 'file', entry: head.owner, failure: head.failure });
          status(head.owner.id, 'failed', head.failure.message);
        } else {
          const opened = await open(head.found.file, 0, head.link);
          const owner = ownerOf(head.found.owner.id);
          if (!owner.started) status(head.found.owner.id, 'downloading');
          owner.started = true;
          if (!opened.ok) fail(head.found, opened);
          else {
            const size = head.found.file.size ?? lengthOf(opened.response);
            yield {
              name: head.found.zipPath,
              input: body(head.found, opened.response),
              ...(size === null ? {} : { size }),
              ...(head.found.modified === null ? {} : { lastModified: new Date(head.found.modified) }),
            };
          }
        }
      }
      progress(true);
      if (failures.length > 0) {
        const lines = failures.map(({ path, failure }) => `${path}\t${failureLabel(failure)}\t${failure.message}`);
        yield { name: unique(job.reportName), input: `path\terror\tdetail\n${lines.join('\n')}\n` };
      }
    }

    await writeZip(job.sink, makeZip(inputs(), { buffers: pool }), {
      signal,
      release: pool.give,
      onCancel: () => jobs.cancel(id),
    });
    progress(true);
    return { ok: true, files: succeeded, failed: failures.length, bytes: loaded };
  }

  async function download(
    job: BasketZipJob,
    emit: (event: BasketZipEvent) => void,
    running: Job,
  ): Promise<BasketZipResult> {
    try {
      return await run(job, emit, running);
    } catch (error) {
      if (running.signal.aborted) return failure('cancelled', { message: 'download cancelled' });
      const message = error instanceof Error ? error.message : String(error);
      return failure(error instanceof Error && error.name === 'SinkError' ? 'write-failed' : 'internal', { message });
    }
  }

  return {
    download: (job: BasketZipJob, emit: (event: BasketZipEvent) => void): Promise<BasketZipResult> =>
      jobs.run(
        job.id,
        (running) => download(job, emit, running),
        () => failure('invalid-job', { message: `download ${job.id} is already running` }),
      ),
    cancel: (id: string): boolean => jobs.cancel(id),
  };
}
