// One upload batch: files go through the app-provided `uploadFile` actor a few at a
// time, and the batch stage follows the slowest file still running. Stopping a file's actor cancels it.
import { and, assign, enqueueActions, fromCallback, not, setup } from 'xstate';
import type { EventObject } from 'xstate';
import type { CommitResponse, UploadErrorCode, UploadShareOptions, UploadStage } from '@shared/api/upload.schema';

export const UPLOAD_CONCURRENCY = 2;

/** The share's settings, and whether the file is sealed end to end in the worker first (docs/encryption.md). */
export type UploadFileOptions = UploadShareOptions & {
  e2ee?: boolean;
  /** With `e2ee`: the key is derived from this passphrase (held in memory only), the link carries none. */
  e2eePassphrase?: string;
};

/** A URL the transfer worker downloads and uploads; `size` as the URL announced it. */
export type UrlSource = { url: string; size: number; mimetype: string };

/** A file from the device, or a URL. */
export type UploadBatchItem = { id: string; name: string; options?: UploadFileOptions } & (
  | { file: Blob; url?: undefined }
  | { url: UrlSource; file?: undefined }
);

export type UploadFileStatus = 'pending' | 'uploading' | 'success' | 'error';

export type UploadFileState = {
  id: string;
  name: string;
  size: number;
  /** The device file, or null for a URL upload. */
  file: Blob | null;
  url: UrlSource | null;
  options: UploadFileOptions;
  status: UploadFileStatus;
  /** 0-100; 100 only once the file is committed. */
  percent: number;
  stage: UploadStage;
  /** Set when `status` is `error`; `cancelled` for a file the user cancelled. */
  errorCode: UploadErrorCode | null;
  /** The HTTP status behind `errorCode`, when there was one (a URL that answered 404, say). */
  errorStatus: number | null;
  share: CommitResponse | null;
};

/** Sent back by the `uploadFile` actor. */
export type UploadFileReport =
  | { type: 'file.progress'; fileId: string; percent: number; stage: UploadStage }
  | { type: 'file.done'; fileId: string; share: CommitResponse }
  | { type: 'file.failed'; fileId: string; code: UploadErrorCode; status?: number };

export type UploadEvent =
  | { type: 'upload.start'; items: UploadBatchItem[] }
  | { type: 'upload.cancel' }
  | { type: 'file.cancel'; fileId: string }
  | UploadFileReport;

/** A file actor that threw (for example the app did not provide `uploadFile`). */
type FileActorError = { type: `xstate.error.actor.${string}`; actorId?: string; error: unknown };

export type UploadFileInput = {
  fileId: string;
  file: Blob | null;
  url: UrlSource | null;
  name: string;
  options: UploadFileOptions;
};

export type UploadContext = {
  files: Record<string, UploadFileState>;
  /** File ids in the order they were added. */
  order: string[];
  concurrency: number;
  error: 'empty-batch' | 'duplicate-file' | null;
};

export type UploadInput = { concurrency?: number } | undefined;

const FILE_ACTOR_PREFIX = 'file:';
const stageRank: Record<UploadStage, number> = {
  starting: 0,
  initializing: 0,
  downloading: 1,
  uploading: 1,
  processing: 2,
  completing: 3,
  completed: 3,
};

const isSettled = (file: UploadFileState) => file.status === 'success' || file.status === 'error';
const filesOf = (context: UploadContext) => context.order.flatMap((id) => context.files[id] ?? []);
const running = (context: UploadContext) => filesOf(context).filter((file) => file.status === 'uploading');

/** True when nothing waits and every running file has reached `stage`. */
function allRunningAt(context: UploadContext, stage: UploadStage): boolean {
  const files = filesOf(context);
  const active = running(context);
  return (
    files.every((file) => file.status !== 'pending') &&
    active.length > 0 &&
    active.every((file) => stageRank[file.stage] >= stageRank[stage])
  );
}

function updateFile(context: UploadContext, fileId: string, change: Partial<UploadFileState>): Partial<UploadContext> {
  const file = context.files[fileId];
  return file === undefined ? {} : { files: { ...context.files, [fileId]: { ...file, ...change } } };
}

const cancelledChange = { status: 'error', errorCode: 'cancelled' } satisfies Partial<UploadFileState>;

/** Totals for the batch header: percent weighted by size. */
export function uploadBatchSummary(context: UploadContext) {
  const files = filesOf(context);
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const sent = files.reduce((sum, file) => sum + (file.size * (isSettled(file) ? 100 : file.percent)) / 100, 0);
  return {
    total: files.length,
    succeeded: files.filter((file) => file.status === 'success').length,
    failed: files.filter((file) => file.status === 'error').length,
    percent: bytes === 0 ? (files.every(isSettled) ? 100 : 0) : Math.floor((sent / bytes) * 100),
  };
}

function notProvided(name: string): never {
  throw new Error(`upload machine: actor "${name}" was not provided`);
}

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent | FileActorError,
    input: {} as UploadInput,
  },
  actors: {
    uploadFile: fromCallback<EventObject, UploadFileInput>(() => notProvided('uploadFile')),
  },
  actions: {
    addFiles: assign(({ event }) => {
      if (event.type !== 'upload.start') return {};
      const files: Record<string, UploadFileState> = {};
      for (const item of event.items) {
        files[item.id] = {
          id: item.id,
          name: item.name,
          size: item.file?.size ?? item.url?.size ?? 0,
          file: item.file ?? null,
          url: item.url ?? null,
          options: item.options ?? {},
          status: 'pending',
          percent: 0,
          stage: 'starting',
          errorCode: null,
          errorStatus: null,
          share: null,
        };
      }
      const ids = event.items.map((item) => item.id);
      const error = ids.length === 0 ? 'empty-batch' : new Set(ids).size !== ids.length ? 'duplicate-file' : null;
      return { files, order: [...new Set(ids)], error };
    }),
    scheduleFiles: enqueueActions(({ context, enqueue }) => {
      const free = context.concurrency - running(context).length;
      const next = filesOf(context)
        .filter((file) => file.status === 'pending')
        .slice(0, Math.max(0, free));
      for (const file of next) {
        enqueue.assign(({ context: current }) =>
          updateFile(current, file.id, { status: 'uploading', stage: 'initializing' }),
        );
        enqueue.spawnChild('uploadFile', {
          id: `${FILE_ACTOR_PREFIX}${file.id}`,
          input: { fileId: file.id, file: file.file, url: file.url, name: file.name, options: file.options },
        });
      }
    }),
    recordReport: assign(({ context, event }) => {
      if (event.type === 'file.progress') {
        const file = context.files[event.fileId];
        const percent = Math.min(99, Math.max(file?.percent ?? 0, event.percent));
        const stage = file !== undefined && stageRank[file.stage] > stageRank[event.stage] ? file.stage : event.stage;
        return updateFile(context, event.fileId, { percent, stage });
      }
      if (event.type === 'file.done') {
        return updateFile(context, event.fileId, {
          status: 'success',
          percent: 100,
          stage: 'completed',
          share: event.share,
        });
      }
      if (event.type === 'file.failed') {
        return updateFile(context, event.fileId, {
          status: 'error',
          errorCode: event.code,
          errorStatus: event.status ?? null,
        });
      }
      return {};
    }),
    recordCrash: assign(({ context, event }) => {
      const fileId = 'actorId' in event && event.actorId ? event.actorId.slice(FILE_ACTOR_PREFIX.length) : '';
      return updateFile(context, fileId, { status: 'error', errorCode: 'internal' });
    }),
    stopFile: enqueueActions(({ event, enqueue }) => {
      if ('fileId' in event) enqueue.stopChild(`${FILE_ACTOR_PREFIX}${event.fileId}`);
    }),
    cancelFile: assign(({ context, event }) =>
      'fileId' in event ? updateFile(context, event.fileId, cancelledChange) : {},
    ),
    cancelAll: enqueueActions(({ context, enqueue }) => {
      for (const file of filesOf(context)) {
        if (file.status === 'uploading') enqueue.stopChild(`${FILE_ACTOR_PREFIX}${file.id}`);
        if (!isSettled(file)) enqueue.assign(({ context: current }) => updateFile(current, file.id, cancelledChange));
      }
    }),
  },
  guards: {
    isValidBatch: ({ context }) => context.error === null,
    isRunning: ({ context, event }) => 'fileId' in event && context.files[event.fileId]?.status === 'uploading',
    isUnsettled: ({ context, event }) => {
      const file = 'fileId' in event ? context.files[event.fileId] : undefined;
      return file !== undefined && !isSettled(file);
    },
    allSettled: ({ context }) => filesOf(context).every(isSettled),
    anySucceeded: ({ context }) => filesOf(context).some((file) => file.status === 'success'),
    allCancelled: ({ context }) => filesOf(context).every((file) => file.errorCode === 'cancelled'),
    bytesMoving: ({ context }) => filesOf(context).some((file) => stageRank[file.stage] >= stageRank.uploading),
    allProcessing: ({ context }) => allRunningAt(context, 'processing'),
    allCompleting: ({ context }) => allRunningAt(context, 'completing'),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    files: {},
    order: [],
    concurrency: input?.concurrency ?? UPLOAD_CONCURRENCY,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'upload.start': { target: 'starting', actions: 'addFiles' } },
    },
    starting: {
      always: [{ guard: 'isValidBatch', target: 'active' }, { target: 'failed' }],
    },
    active: {
      entry: 'scheduleFiles',
      initial: 'initializing',
      on: {
        'file.progress': { guard: 'isRunning', actions: 'recordReport' },
        'file.done': { guard: 'isRunning', actions: ['recordReport', 'stopFile', 'scheduleFiles'] },
        'file.failed': { guard: 'isRunning', actions: ['recordReport', 'stopFile', 'scheduleFiles'] },
        'file.cancel': { guard: 'isUnsettled', actions: ['stopFile', 'cancelFile', 'scheduleFiles'] },
        'xstate.error.actor.*': { actions: ['recordCrash', 'scheduleFiles'] },
        'upload.cancel': { target: 'cancelled', actions: 'cancelAll' },
      },
      always: [
        { guard: and(['allSettled', 'anySucceeded']), target: 'completed' },
        { guard: and(['allSettled', 'allCancelled']), target: 'cancelled' },
        { guard: and(['allSettled', not('anySucceeded')]), target: 'failed' },
      ],
      states: {
        initializing: {
          always: [
            { guard: 'allCompleting', target: 'completing' },
            { guard: 'allProcessing', target: 'processing' },
            { guard: 'bytesMoving', target: 'uploading' },
          ],
        },
        uploading: {
          always: [
            { guard: 'allCompleting', target: 'completing' },
            { guard: 'allProcessing', target: 'processing' },
          ],
        },
        processing: {
          always: [{ guard: 'allCompleting', target: 'completing' }],
        },
        completing: {},
      },
    },
    completed: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
