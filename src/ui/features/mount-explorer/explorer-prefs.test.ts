import { describe, expect, it } from 'vitest';
import type { FsEntry } from '@shared/api/fs.schema';
import { sortEntries } from './explorer-prefs';

const entry = (name: string, isDirectory: boolean, size: number | null, modified: string | null): FsEntry => ({
  name,
  path: `/m/${name}${isDirectory ? '/' : ''}`,
  isDirectory,
  isMount: false,
  isVirtual: false,
  size,
  modified,
  etag: null,
  contentType: null,
  mount_id: 'm1',
  storage_type: 'local',
});

const items = [
  entry('b10.txt', false, 5, '2026-01-03T00:00:00Z'),
  entry('docs', true, null, null),
  entry('b2.txt', false, 50, '2026-01-01T00:00:00Z'),
  entry('Archive', true, null, null),
  entry('a.txt', false, 7, '2026-01-02T00:00:00Z'),
];
const names = (list: FsEntry[]) => list.map((item) => item.name);

describe('sortEntries', () => {
  it('puts folders first and compares names as people read them', () => {
    expect(names(sortEntries(items, 'name-asc'))).toEqual(['Archive', 'docs', 'a.txt', 'b2.txt', 'b10.txt']);
    expect(names(sortEntries(items, 'name-desc'))).toEqual(['docs', 'Archive', 'b10.txt', 'b2.txt', 'a.txt']);
  });

  it('sorts files by size and by time, folders staying first', () => {
    expect(names(sortEntries(items, 'size-desc'))).toEqual(['Archive', 'docs', 'b2.txt', 'a.txt', 'b10.txt']);
    expect(names(sortEntries(items, 'modified-desc'))).toEqual(['Archive', 'docs', 'b10.txt', 'a.txt', 'b2.txt']);
    expect(names(sortEntries(items, 'modified-asc'))).toEqual(['Archive', 'docs', 'b2.txt', 'a.txt', 'b10.txt']);
  });
});
