import { describe, expect, it } from 'vitest';
import { createMountRequestSchema } from '@shared/api/mount.schema';
import { emptyMountForm, mountPathError, toMountRequest, validateMountForm } from './mount-form';

const form = (change: Partial<ReturnType<typeof emptyMountForm>>) => ({
  ...emptyMountForm(),
  name: 'Team',
  mountPath: '/team',
  storageConfigId: 'cfg-1',
  ...change,
});

describe('mount form', () => {
  it('explains each mount path rule', () => {
    expect(mountPathError('')).toBe('pathRequired');
    expect(mountPathError('team')).toBe('pathStart');
    expect(mountPathError('/')).toBe('pathRoot');
    expect(mountPathError('/team/')).toBe('pathSlashes');
    expect(mountPathError('/a//b')).toBe('pathSlashes');
    expect(mountPathError('/api')).toBe('pathReserved');
    expect(mountPathError('/etc/conf')).toBe('pathReserved');
    expect(mountPathError('/has space')).toBe('pathChars');
    expect(mountPathError('/a.b')).toBe('pathChars');
    expect(mountPathError(`/${'x'.repeat(100)}`)).toBe('pathTooLong');
    expect(mountPathError('/团队_docs-1/年度')).toBeUndefined();
  });

  it('requires a name of 1 to 50 characters and a storage config', () => {
    expect(validateMountForm(form({ name: ' ' })).name).toBe('nameRequired');
    expect(validateMountForm(form({ name: 'n'.repeat(51) })).name).toBe('nameTooLong');
    expect(validateMountForm(form({ storageConfigId: '' })).storageConfigId).toBe('configRequired');
    expect(validateMountForm(form({}))).toEqual({});
  });

  it('keeps the cache TTL a whole number from 0 to 86400 and the sort order an integer', () => {
    expect(validateMountForm(form({ cacheTtl: '-1' })).cacheTtl).toBe('ttlInvalid');
    expect(validateMountForm(form({ cacheTtl: '86401' })).cacheTtl).toBe('ttlInvalid');
    expect(validateMountForm(form({ cacheTtl: '1.5' })).cacheTtl).toBe('ttlInvalid');
    expect(validateMountForm(form({ cacheTtl: '0' })).cacheTtl).toBeUndefined();
    expect(validateMountForm(form({ sortOrder: 'x' })).sortOrder).toBe('sortInvalid');
    expect(validateMountForm(form({ sortOrder: '-3' })).sortOrder).toBeUndefined();
  });

  it('defaults the TTL to 300 and builds a request the shared schema accepts', () => {
    expect(emptyMountForm().cacheTtl).toBe('300');
    const request = toMountRequest(form({ remark: '  ', sortOrder: '2' }));
    expect(request).toMatchObject({
      name: 'Team',
      mount_path: '/team',
      remark: null,
      sort_order: 2,
      cache_ttl: 300,
      is_active: true,
    });
    expect(createMountRequestSchema.safeParse(request).success).toBe(true);
  });
});
