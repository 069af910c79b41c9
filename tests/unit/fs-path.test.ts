import { describe, expect, it } from 'vitest';
import { AppError } from '@server/lib/app-error';
import {
  atOrUnder,
  wirePath,
  innermostMount,
  keyOf,
  nextSegment,
  parentOf,
  parseFsPath,
  pathOfKey,
} from '@server/lib/fs-path';

describe('explorer paths', () => {
  it.each([
    ['/photos/2024/a.jpg', '/photos/2024/a.jpg', false],
    ['/photos//2024/./a.jpg', '/photos/2024/a.jpg', false],
    ['/photos/2024/../2023/', '/photos/2023', true],
    ['/photos/%E6%96%87%E6%A1%A3', '/photos/文档', false],
    ['/photos/100%.txt', '/photos/100%.txt', false],
    ['/photos/50%2525.txt', '/photos/50%25.txt', false],
    ['/', '/', false],
  ])('reads %s as %s', (raw, path, folder) => {
    expect(parseFsPath(raw)).toEqual({ path, folder });
  });

  it.each([
    'photos',
    '/..',
    '/a/../..',
    '/a/%2e%2e/%2E%2E/..',
    '/a%2Fb',
    '/a/%5cb',
    '/a\\b',
    '/a/%00',
    '/a/\u0001b',
    '/a/%E6%96',
  ])('refuses %j with a 400 naming the field', (raw) => {
    expect(() => parseFsPath(raw, 'oldPath')).toThrow(AppError);
    expect(() => parseFsPath(raw, 'oldPath')).toThrow(/^oldPath/);
  });

  it('compares whole segments', () => {
    expect(atOrUnder('/docs/a', '/docs')).toBe(true);
    expect(atOrUnder('/docsbar', '/docs')).toBe(false);
    expect(atOrUnder('/anything', '/')).toBe(true);
  });

  it('maps paths to keys inside a mount and back', () => {
    expect(keyOf('/m', '/m')).toBe('');
    expect(keyOf('/m', '/m/a/b.txt')).toBe('a/b.txt');
    expect(pathOfKey('/m', 'a/b/')).toBe('/m/a/b');
    expect(parentOf('/m/a/b')).toBe('/m/a');
    expect(parentOf('/m')).toBe('/');
    expect(nextSegment('/', '/m/a')).toBe('m');
    expect(nextSegment('/m', '/m/a/b')).toBe('a');
    expect(wirePath('/m/a', true)).toBe('/m/a/');
    expect(wirePath('/', true)).toBe('/');
    expect(wirePath('/m/50%25 off%.txt', false)).toBe('/m/50%2525 off%25.txt');
    expect(parseFsPath(wirePath('/m/50%25 off%.txt', false)).path).toBe('/m/50%25 off%.txt');
  });

  it('finds the innermost mount of a path', () => {
    const mounts = [{ mount_path: '/docs' }, { mount_path: '/docs/team' }, { mount_path: '/docsbar' }];
    expect(innermostMount(mounts, '/docs/team/x')?.mount_path).toBe('/docs/team');
    expect(innermostMount(mounts, '/docs/teams')?.mount_path).toBe('/docs');
    expect(innermostMount(mounts, '/other')).toBeUndefined();
  });
});
