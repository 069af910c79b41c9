import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from '@shared/http/endpoint';
import { adminFsEndpoints, refreshMountIndex, userFsEndpoints } from './fs.endpoints';
import { fsBatchCopyRequestSchema } from './fs-copy.schema';
import { FS_EDIT_MAX_BYTES, fsSearchQuerySchema, fsUpdateRequestSchema } from './fs.schema';

describe('file system contract', () => {
  it('defines every call under /admin/fs for the admin and /user/fs for mount keys, alike otherwise', () => {
    const names = Object.keys(adminFsEndpoints);
    expect(Object.keys(userFsEndpoints)).toEqual(names);
    for (const name of names) {
      const adminCall: EndpointSpec = adminFsEndpoints[name as keyof typeof adminFsEndpoints];
      const userCall: EndpointSpec = userFsEndpoints[name as keyof typeof userFsEndpoints];
      expect(adminCall.path.replace('/admin/', '/user/')).toBe(userCall.path);
      expect([adminCall.access, userCall.access]).toEqual(['admin', 'mount']);
      expect(adminCall.method).toBe(userCall.method);
      expect(Boolean(adminCall.writes)).toBe(Boolean(userCall.writes));
      expect(Boolean(adminCall.writes)).toBe(adminCall.method !== 'GET');
    }
    expect(refreshMountIndex).toMatchObject({ access: 'admin', path: '/admin/fs/refresh' });
  });

  it('needs 2 characters to search, 50 results by default and 200 at most', () => {
    expect(fsSearchQuerySchema.safeParse({ q: 'a' }).success).toBe(false);
    expect(fsSearchQuerySchema.parse({ q: 'ab' })).toMatchObject({ scope: 'global', limit: 50, offset: 0 });
    expect(fsSearchQuerySchema.safeParse({ q: 'ab', limit: '201' }).success).toBe(false);
  });

  it('takes text edits up to 10 MB', () => {
    expect(fsUpdateRequestSchema.safeParse({ path: '/m/a.txt', content: 'x'.repeat(FS_EDIT_MAX_BYTES) }).success).toBe(
      true,
    );
    expect(
      fsUpdateRequestSchema.safeParse({ path: '/m/a.txt', content: 'é'.repeat(FS_EDIT_MAX_BYTES / 2 + 1) }).success,
    ).toBe(false);
  });

  it('copies with skipExisting true unless told otherwise', () => {
    const item = { sourcePath: '/a/x.txt', targetPath: '/b/x.txt' };
    expect(fsBatchCopyRequestSchema.parse({ items: [item] }).skipExisting).toBe(true);
    expect(fsBatchCopyRequestSchema.parse({ items: [item], skipExisting: false }).skipExisting).toBe(false);
    expect(fsBatchCopyRequestSchema.safeParse({ items: [] }).success).toBe(false);
  });
});
