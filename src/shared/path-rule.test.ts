import { describe, expect, it } from 'vitest';
import { isAncestorOf, isPathAllowed, isPathVisible, normalizePath } from './path-rule';

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['//', '/'],
    ['/docs', '/docs'],
    ['/docs/', '/docs'],
    ['/docs//', '/docs'],
    ['//docs///a//b/', '/docs/a/b'],
    ['/docs/./a', '/docs/a'],
    ['/docs/a/..', '/docs'],
    ['/docs/a/../b', '/docs/b'],
    ['/docs/..', '/'],
    ['/docs/%2e%2e/secret', '/secret'],
    ['/docs/%2E%2E', '/'],
    ['/docs/%2e', '/docs'],
    ['/%E6%96%87%E6%A1%A3/%E5%9B%BE%E7%89%87', '/文档/图片'],
    ['/文档/图片/', '/文档/图片'],
    ['/a%20b', '/a b'],
    ['/%252e%252e', '/%2e%2e'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['docs', 'relative'],
    ['./docs', 'relative with dot'],
    ['/..', '.. above root'],
    ['/docs/../..', '.. above root after a segment'],
    ['/%2e%2e', 'encoded .. above root'],
    ['/docs%2F..%2Fsecret', 'encoded slash'],
    ['/docs%2f..', 'encoded slash, lower case'],
    ['/docs%5C..', 'encoded backslash'],
    ['/docs\\..\\secret', 'backslash'],
    ['/docs%00', 'encoded NUL'],
    ['/docs\0', 'NUL'],
    ['/docs/%E6%96', 'broken percent-encoding'],
    ['/100%', 'lone percent sign'],
  ])('%s is invalid (%s)', (input) => {
    expect(normalizePath(input)).toBeNull();
  });
});

describe('isPathAllowed', () => {
  it.each([
    ['/', '/', true],
    ['/', '/anything/below', true],
    ['/docs', '/docs', true],
    ['/docs', '/docs/', true],
    ['/docs/', '/docs', true],
    ['/docs', '/docs/a/b', true],
    ['/docs', '//docs//a', true],
    ['/docs', '/docsa', false],
    ['/foo', '/foobar', false],
    ['/foo', '/foobar/x', false],
    ['/foo/bar', '/foo', false],
    ['/docs', '/', false],
    ['/docs', '/docs/..', false],
    ['/docs', '/docs/../secret', false],
    ['/docs', '/docs/%2e%2e/secret', false],
    ['/docs', '/docs/a/../b', true],
    ['/docs', '/docs%2F..%2Fsecret', false],
    ['/docs', '/docs/%2F', false],
    ['/docs', '/docs/../docs/a', true],
    ['/文档', '/文档/报告', true],
    ['/文档', '/文档库', false],
    ['/文档', '/%E6%96%87%E6%A1%A3/x', true],
    ['/', '/..', false],
    ['/..', '/', false],
    ['/docs', 'docs/a', false],
  ])('base %s, path %s → %s', (base, path, expected) => {
    expect(isPathAllowed(base, path)).toBe(expected);
  });
});

describe('isAncestorOf and isPathVisible', () => {
  it.each([
    ['/', '/docs/a', true],
    ['/docs', '/docs/a', true],
    ['/docs/', '/docs/a/', true],
    ['/docs/a', '/docs/a', false],
    ['/doc', '/docs/a', false],
    ['/docs/a/b', '/docs/a', false],
    ['/', '/', false],
    ['/%2e%2e', '/docs', false],
    ['/文档', '/文档/报告', true],
  ])('isAncestorOf(%s, %s) → %s', (path, base, expected) => {
    expect(isAncestorOf(path, base)).toBe(expected);
  });

  it.each([
    ['/docs/a', '/', true],
    ['/docs/a', '/docs', true],
    ['/docs/a', '/docs/a', true],
    ['/docs/a', '/docs/a/b', true],
    ['/docs/a', '/docs/ab', false],
    ['/docs/a', '/docs/b', false],
    ['/docs/a', '/other', false],
    ['/docs/a', '/docs/a/%2e%2e/%2e%2e/other', false],
  ])('isPathVisible(base %s, path %s) → %s', (base, path, expected) => {
    expect(isPathVisible(base, path)).toBe(expected);
  });
});
