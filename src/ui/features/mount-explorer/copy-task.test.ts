import { describe, expect, it } from 'vitest';
import type { TaskSpec } from '@machines/task-registry';
import type { FsBatchCopyResult, FsCopyFile } from '@shared/api/fs-copy.schema';
import type { CopyResult } from '@workers/copy-protocol';
import { copyTask } from './copy-task';

const file = (name: string): FsCopyFile => ({
  sourcePath: `/a/photos/${name}`,
  targetPath: `/b/photos/${name}`,
  fileName: name,
  sourceKey: `photos/${name}`,
  targetKey: `photos/${name}`,
  targetMountId: 'm2',
  fileSize: 10,
  contentType: 'image/png',
  etag: null,
  downloadUrl: `/dl/${name}`,
  downloadExpiresIn: 60,
  upload: { kind: 'put', uploadId: `u-${name}`, uploadUrl: `/up/${name}`, expiresIn: 60 },
});

/** The totals a task announced, in order, and how many items it settled. */
function recorder() {
  const totals: number[] = [];
  let settled = 0;
  const report: Parameters<TaskSpec['run']>[0] = {
    total: (count) => totals.push(count),
    succeeded: () => {
      settled += 1;
    },
    failed: () => {
      settled += 1;
    },
    bytes: () => undefined,
  };
  return { report, totals, settled: () => settled };
}

describe('copy task progress', () => {
  it('announces one total, in files, when two folders cross storages as five files', async () => {
    const files = ['1.png', '2.png', '3.png', '4.png', '5.png'].map(file);
    const answer: FsBatchCopyResult = {
      success: 0,
      skipped: 0,
      failed: 0,
      details: [
        {
          sourcePath: '/a/photos',
          targetPath: '/b/photos',
          status: 'planned',
          isDirectory: true,
          files: 3,
          skippedFiles: 0,
        },
        {
          sourcePath: '/a/more',
          targetPath: '/b/more',
          status: 'planned',
          isDirectory: true,
          files: 2,
          skippedFiles: 0,
        },
      ],
      requiresClientSideCopy: true,
      crossStorageResults: [
        { sourcePath: '/a/photos', targetPath: '/b/photos', isDirectory: true, targetMountId: 'm2', files },
      ],
    };
    const copied: CopyResult = {
      ok: true,
      status: 'completed',
      copied: files.map(({ sourcePath, targetPath }) => ({ sourcePath, targetPath })),
      failed: [],
    };
    const task = copyTask({
      calls: { batchCopy: () => Promise.resolve(answer) },
      transfer: { copyAcrossStorages: () => Promise.resolve(copied), cancel: () => Promise.resolve(true) },
      scope: 'admin',
      items: [
        { sourcePath: '/a/photos', targetPath: '/b/photos' },
        { sourcePath: '/a/more', targetPath: '/b/more' },
      ],
      skipExisting: true,
      label: 'Copy 2 items',
      onCopied: () => undefined,
    });
    const { report, totals, settled } = recorder();
    await task.run(report, new AbortController().signal);
    // Never "0 of 2", then "5 of 5": the count is given once the server has said what there is to copy.
    expect(totals).toEqual([5]);
    expect(settled()).toBe(5);
  });

  it('counts the items it was given when the server refuses the whole copy', async () => {
    const task = copyTask({
      calls: { batchCopy: () => Promise.reject(new Error('offline')) },
      transfer: { copyAcrossStorages: () => Promise.reject(new Error('unused')), cancel: () => Promise.resolve(true) },
      scope: 'admin',
      items: [{ sourcePath: '/a/x', targetPath: '/b/x' }],
      skipExisting: true,
      label: 'Copy x',
      onCopied: () => undefined,
    });
    const { report, totals, settled } = recorder();
    await task.run(report, new AbortController().signal);
    expect(totals).toEqual([1]);
    expect(settled()).toBe(1);
  });
});
