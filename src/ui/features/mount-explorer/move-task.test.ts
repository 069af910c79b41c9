import { describe, expect, it } from 'vitest';
import type { TaskSpec } from '@machines/task-registry';
import type { FsCopyFile } from '@shared/api/fs-copy.schema';
import type { FsMoveResult } from '@shared/api/fs-move.schema';
import type { CopyJob, CopyResult } from '@workers/copy-protocol';
import { moveFailureKind, moveTask } from './move-task';

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

function recorder() {
  const failures: Array<[string, string, string | undefined]> = [];
  const succeeded: string[] = [];
  const report: Parameters<TaskSpec['run']>[0] = {
    total: () => undefined,
    succeeded: (item) => succeeded.push(item),
    failed: (item, code, message) => failures.push([item, code, message]),
    bytes: () => undefined,
  };
  return { report, failures, succeeded };
}

describe('move task', () => {
  it('hands the plan to the worker as a move of its source folders, and reports each failure in words', async () => {
    const files = ['1.png', '2.png'].map(file);
    const answer: FsMoveResult = {
      success: 1,
      skipped: 0,
      failed: 1,
      details: [
        {
          sourcePath: '/a/here.txt',
          targetPath: '/a/in/here.txt',
          status: 'moved',
          isDirectory: false,
          files: 1,
          skippedFiles: 0,
        },
        {
          sourcePath: '/a/taken.txt',
          targetPath: '/a/in/taken.txt',
          status: 'failed',
          isDirectory: false,
          files: 0,
          skippedFiles: 0,
          code: 'CONFLICT',
          error: 'x',
        },
        {
          sourcePath: '/a/photos',
          targetPath: '/b/photos',
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
    const jobs: CopyJob[] = [];
    const result: CopyResult = {
      ok: true,
      status: 'partial',
      copied: [{ sourcePath: '/a/photos/1.png', targetPath: '/b/photos/1.png' }],
      failed: [
        {
          ok: false,
          sourcePath: '/a/photos/2.png',
          targetPath: '/b/photos/2.png',
          code: 'network',
          message: 'offline',
          retryable: true,
        },
      ],
    };
    const moved: string[][] = [];
    const task = moveTask({
      move: () => Promise.resolve(answer),
      transfer: {
        copyAcrossStorages: (job) => {
          jobs.push(job);
          return Promise.resolve(result);
        },
        cancel: () => Promise.resolve(true),
      },
      scope: 'admin',
      items: [
        { sourcePath: '/a/here.txt', targetPath: '/a/in/here.txt' },
        { sourcePath: '/a/taken.txt', targetPath: '/a/in/taken.txt' },
        { sourcePath: '/a/photos', targetPath: '/b/photos' },
      ],
      skipExisting: true,
      label: 'Move 3 items',
      failureText: (code) => `text for ${moveFailureKind(code)}`,
      onMoved: (paths) => moved.push(paths),
    });
    const { report, failures, succeeded } = recorder();
    await task.run(report, new AbortController().signal);
    expect(jobs[0]?.move).toEqual({ sourceFolders: ['/a/photos'] });
    expect(succeeded).toEqual(['/a/here.txt', '/a/photos/1.png']);
    expect(failures).toEqual([
      ['/a/taken.txt', 'CONFLICT', 'text for conflict'],
      ['/a/photos/2.png', 'network', 'text for storage'],
    ]);
    expect(moved).toEqual([
      ['/a/here.txt', '/a/in/here.txt', '/a/photos/1.png', '/b/photos/1.png', '/a/photos', '/b/photos'],
    ]);
    expect(task.retry?.(failures.map(([item, code]) => ({ item, code, message: null })))).not.toBeNull();
  });
});
