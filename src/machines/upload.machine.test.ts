import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import type { CommitResponse } from '@shared/api/upload.schema';
import { uploadBatchSummary, uploadMachine } from './upload.machine';
import type { UploadBatchItem, UploadFileInput, UploadFileReport } from './upload.machine';

function share(id: string): CommitResponse {
  return {
    id,
    slug: `s-${id}`,
    filename: `${id}.bin`,
    storage_path: `${id}.bin`,
    s3_url: `https://s3.test/${id}.bin`,
    mimetype: 'application/octet-stream',
    size: 10,
    remark: null,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
    hasPassword: false,
    expiresAt: null,
    maxViews: null,
    url: `/file/s-${id}`,
  };
}

const item = (id: string, size = 10): UploadBatchItem => ({
  id,
  name: `${id}.bin`,
  file: new Blob([new Uint8Array(size)]),
});

/** A stand-in for the transfer client: the test reports progress for each running file. */
function start(options: { concurrency?: number; crash?: boolean } = {}) {
  const report = new Map<string, (event: UploadFileReport) => void>();
  const inputs: UploadFileInput[] = [];
  const stopped: string[] = [];
  const machine = uploadMachine.provide({
    actors: {
      uploadFile: fromCallback<EventObject, UploadFileInput>(({ input, sendBack }) => {
        if (options.crash) throw new Error('transfer worker failed to start');
        inputs.push(input);
        report.set(input.fileId, sendBack);
        return () => stopped.push(input.fileId);
      }),
    },
  });
  const actor = createActor(machine, { input: { concurrency: options.concurrency ?? 2 } }).start();
  const send = (event: UploadFileReport) => report.get(event.fileId)?.(event);
  const started = () => inputs.map((input) => input.fileId);
  return { actor, send, started, stopped, inputs };
}

describe('upload machine', () => {
  it('carries a URL item to its actor, sized as the URL announced, and keeps the status of its failure', () => {
    const { actor, send, inputs } = start();
    const url = { url: 'https://files.example/a.bin', size: 2048, mimetype: 'application/octet-stream' };
    actor.send({ type: 'upload.start', items: [{ id: 'u', name: 'a.bin', url }] });
    expect(inputs[0]).toMatchObject({ fileId: 'u', file: null, url });
    expect(actor.getSnapshot().context.files.u).toMatchObject({ size: 2048, file: null, url });

    send({ type: 'file.progress', fileId: 'u', percent: 20, stage: 'downloading' });
    expect(actor.getSnapshot().value).toEqual({ active: 'uploading' });
    send({ type: 'file.failed', fileId: 'u', code: 'url-fetch-failed', status: 404 });
    expect(actor.getSnapshot().context.files.u).toMatchObject({
      status: 'error',
      errorCode: 'url-fetch-failed',
      errorStatus: 404,
    });
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('uploads two files at a time and walks through the batch stages to completed', () => {
    const { actor, send, started, inputs } = start();
    actor.send({ type: 'upload.start', items: [item('a'), item('b'), item('c')] });

    expect(actor.getSnapshot().value).toEqual({ active: 'initializing' });
    expect(started()).toEqual(['a', 'b']);
    expect(inputs[0]).toMatchObject({ fileId: 'a', name: 'a.bin', options: {} });
    expect(actor.getSnapshot().context.files.c?.status).toBe('pending');

    send({ type: 'file.progress', fileId: 'a', percent: 40, stage: 'uploading' });
    expect(actor.getSnapshot().value).toEqual({ active: 'uploading' });
    expect(actor.getSnapshot().context.files.a).toMatchObject({ status: 'uploading', percent: 40 });

    send({ type: 'file.done', fileId: 'a', share: share('a') });
    expect(started()).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.files.a).toMatchObject({ status: 'success', percent: 100, share: share('a') });

    send({ type: 'file.progress', fileId: 'b', percent: 99, stage: 'processing' });
    send({ type: 'file.progress', fileId: 'c', percent: 99, stage: 'processing' });
    expect(actor.getSnapshot().value).toEqual({ active: 'processing' });

    send({ type: 'file.progress', fileId: 'b', percent: 99, stage: 'completing' });
    send({ type: 'file.progress', fileId: 'c', percent: 99, stage: 'completing' });
    expect(actor.getSnapshot().value).toEqual({ active: 'completing' });

    send({ type: 'file.done', fileId: 'b', share: share('b') });
    send({ type: 'file.done', fileId: 'c', share: share('c') });
    expect(actor.getSnapshot().value).toBe('completed');
    expect(uploadBatchSummary(actor.getSnapshot().context)).toEqual({
      total: 3,
      succeeded: 3,
      failed: 0,
      percent: 100,
    });
  });

  it('ignores stale or backwards progress', () => {
    const { actor, send } = start();
    actor.send({ type: 'upload.start', items: [item('a')] });
    send({ type: 'file.progress', fileId: 'a', percent: 60, stage: 'uploading' });
    send({ type: 'file.progress', fileId: 'a', percent: 30, stage: 'initializing' });
    expect(actor.getSnapshot().context.files.a).toMatchObject({ percent: 60, stage: 'uploading' });
  });

  it('finishes as completed with the failed file reported when one file fails', () => {
    const { actor, send } = start();
    actor.send({ type: 'upload.start', items: [item('a'), item('b')] });
    send({ type: 'file.failed', fileId: 'a', code: 'slug-taken' });
    send({ type: 'file.done', fileId: 'b', share: share('b') });

    const { value, context } = actor.getSnapshot();
    expect(value).toBe('completed');
    expect(context.files.a).toMatchObject({ status: 'error', errorCode: 'slug-taken' });
    expect(uploadBatchSummary(context)).toMatchObject({ succeeded: 1, failed: 1 });
  });

  it('fails when every file fails', () => {
    const { actor, send } = start();
    actor.send({ type: 'upload.start', items: [item('a')] });
    send({ type: 'file.failed', fileId: 'a', code: 'network' });
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('cancels one file without touching the others, and starts the next one', () => {
    const { actor, send, started, stopped } = start();
    actor.send({ type: 'upload.start', items: [item('a'), item('b'), item('c')] });
    actor.send({ type: 'file.cancel', fileId: 'a' });

    expect(stopped).toEqual(['a']);
    expect(started()).toEqual(['a', 'b', 'c']);
    expect(actor.getSnapshot().context.files.a).toMatchObject({ status: 'error', errorCode: 'cancelled' });
    expect(actor.getSnapshot().context.files.b?.status).toBe('uploading');

    send({ type: 'file.failed', fileId: 'a', code: 'cancelled' });
    send({ type: 'file.done', fileId: 'b', share: share('b') });
    send({ type: 'file.done', fileId: 'c', share: share('c') });
    expect(actor.getSnapshot().value).toBe('completed');
    expect(actor.getSnapshot().context.files.a?.errorCode).toBe('cancelled');
  });

  it('cancels a pending file before it starts', () => {
    const { actor, send, started } = start({ concurrency: 1 });
    actor.send({ type: 'upload.start', items: [item('a'), item('b')] });
    actor.send({ type: 'file.cancel', fileId: 'b' });
    send({ type: 'file.done', fileId: 'a', share: share('a') });
    expect(started()).toEqual(['a']);
    expect(actor.getSnapshot().value).toBe('completed');
  });

  it('ends cancelled when every file was cancelled one by one', () => {
    const { actor } = start();
    actor.send({ type: 'upload.start', items: [item('a'), item('b')] });
    actor.send({ type: 'file.cancel', fileId: 'a' });
    actor.send({ type: 'file.cancel', fileId: 'b' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('cancel all stops every running file and marks the rest cancelled', () => {
    const { actor, send, stopped } = start();
    actor.send({ type: 'upload.start', items: [item('a'), item('b'), item('c')] });
    send({ type: 'file.done', fileId: 'a', share: share('a') });
    actor.send({ type: 'upload.cancel' });

    const { value, context } = actor.getSnapshot();
    expect(value).toBe('cancelled');
    expect(stopped.sort()).toEqual(['a', 'b', 'c']);
    expect(context.files.a?.status).toBe('success');
    expect(context.files.b).toMatchObject({ status: 'error', errorCode: 'cancelled' });
    expect(context.files.c).toMatchObject({ status: 'error', errorCode: 'cancelled' });
  });

  it('marks a file failed when its actor throws', () => {
    const { actor } = start({ crash: true });
    actor.send({ type: 'upload.start', items: [item('a')] });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.files.a).toMatchObject({
      status: 'error',
      errorCode: 'internal',
    });
  });

  it('refuses an empty batch or duplicate file ids', () => {
    const empty = start();
    empty.actor.send({ type: 'upload.start', items: [] });
    expect(empty.actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'empty-batch' } });

    const twice = start();
    twice.actor.send({ type: 'upload.start', items: [item('a'), item('a')] });
    expect(twice.actor.getSnapshot()).toMatchObject({ value: 'failed', context: { error: 'duplicate-file' } });
    expect(twice.started()).toEqual([]);
  });

  it('weights the batch percent by file size', () => {
    const { actor, send } = start();
    actor.send({ type: 'upload.start', items: [item('a', 300), item('b', 100)] });
    send({ type: 'file.progress', fileId: 'a', percent: 50, stage: 'uploading' });
    expect(uploadBatchSummary(actor.getSnapshot().context).percent).toBe(37);
  });
});
