import { describe, expect, it } from 'vitest';
import type { FileRecord } from '@shared/api/file-share.schema';
import { fileEditFormFrom, fileUpdateFrom } from './file-edit-form';

const file: FileRecord = {
  id: 'f1',
  slug: 'abc',
  filename: 'a.txt',
  mimetype: 'text/plain',
  size: 3,
  storage_path: 'a',
  storage_config_id: 'c1',
  remark: null,
  has_password: true,
  expires_at: null,
  max_views: null,
  views: 2,
  use_proxy: false,
  etag: null,
  created_by: 'admin:1',
  created_at: '',
  updated_at: '',
  source_path: null,
};
const now = Date.parse('2030-01-01T00:00:00Z');

describe('fileUpdateFrom', () => {
  it('sends nothing when nothing changed', () => {
    expect(fileUpdateFrom(fileEditFormFrom(file), file, now)).toEqual({ ok: true, body: {} });
  });

  it('sends only the changed fields', () => {
    const form = {
      ...fileEditFormFrom(file),
      remark: 'hi',
      slug: 'new-slug',
      expiry: '1d' as const,
      maxViews: '3',
      passwordChoice: 'clear' as const,
      useProxy: true,
    };
    expect(fileUpdateFrom(form, file, now)).toEqual({
      ok: true,
      body: {
        remark: 'hi',
        slug: 'new-slug',
        expires_at: '2030-01-02T00:00:00.000Z',
        max_views: 3,
        password: null,
        use_proxy: true,
      },
    });
  });

  it('sets a new password and removes an expiry', () => {
    const form = {
      ...fileEditFormFrom(file),
      expiry: 'never' as const,
      passwordChoice: 'set' as const,
      password: 'pw',
    };
    expect(fileUpdateFrom(form, file, now)).toEqual({ ok: true, body: { expires_at: null, password: 'pw' } });
  });

  it('reports bad values', () => {
    const form = { ...fileEditFormFrom(file), slug: 'a b', maxViews: '-2', passwordChoice: 'set' as const };
    expect(fileUpdateFrom(form, file, now)).toEqual({
      ok: false,
      problems: { slug: 'slugChars', maxViews: 'maxViews', password: 'password' },
    });
  });
});
