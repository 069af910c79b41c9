import { describe, expect, it } from 'vitest';
import { mountPathRedirect, type ExplorerUser } from './mount-path-guard';

const key = (basicPath: string, mountPermission = true): ExplorerUser => ({ kind: 'apikey', mountPermission, basicPath });

describe('mount path guard', () => {
  it('lets a key open its basic path and everything below it', () => {
    expect(mountPathRedirect(key('/docs'), '/docs')).toBeNull();
    expect(mountPathRedirect(key('/docs'), '/docs/team/2024')).toBeNull();
    expect(mountPathRedirect(key('/docs/'), '/docs/')).toBeNull();
  });

  it('lets a key walk through the ancestors of its basic path', () => {
    expect(mountPathRedirect(key('/docs/team'), '/')).toBeNull();
    expect(mountPathRedirect(key('/docs/team'), '/docs')).toBeNull();
  });

  it('sends a key elsewhere back to its basic path', () => {
    expect(mountPathRedirect(key('/docs'), '/photos')).toBe('/docs');
    expect(mountPathRedirect(key('/docs'), '/docs-private')).toBe('/docs');
    expect(mountPathRedirect(key('/docs/team'), '/docs/other')).toBe('/docs/team');
    expect(mountPathRedirect(key('/docs/'), '/docs/../etc')).toBe('/docs');
    expect(mountPathRedirect(key('/docs'), '/docs/%2e%2e/secret')).toBe('/docs');
    expect(mountPathRedirect(key('/docs'), '/docs%2fx')).toBe('/docs');
  });

  it('leaves admins, visitors, keys without mount permission and root keys alone', () => {
    expect(mountPathRedirect({ kind: 'admin' }, '/anything')).toBeNull();
    expect(mountPathRedirect({ kind: 'none' }, '/anything')).toBeNull();
    expect(mountPathRedirect(key('/docs', false), '/photos')).toBeNull();
    expect(mountPathRedirect(key('/'), '/photos/x')).toBeNull();
  });
});
