import { describe, expect, it } from 'vitest';
import type { FsEntry } from '@shared/api/fs.schema';
import { isInsideSources } from './copy-dialog';

const entry = (path: string, isDirectory: boolean): FsEntry => ({
  name: path.split('/').filter(Boolean).pop() ?? '',
  path,
  isDirectory,
  isMount: false,
  isVirtual: false,
  size: isDirectory ? null : 1,
  modified: null,
  etag: null,
  contentType: null,
  mount_id: 'm',
  storage_type: 'local',
});

describe('copy targets', () => {
  it('refuses a folder copied into itself or below itself, and nothing else', () => {
    const sources = [entry('/m/docs/', true), entry('/m/a.txt', false)];
    expect(isInsideSources('/m/docs/', sources)).toBe(true);
    expect(isInsideSources('/m/docs/deep/', sources)).toBe(true);
    expect(isInsideSources('/m/docs-2/', sources)).toBe(false);
    expect(isInsideSources('/m/', sources)).toBe(false);
  });
});
