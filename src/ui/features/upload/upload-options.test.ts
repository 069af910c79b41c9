import { describe, expect, it } from 'vitest';
import { emptyUploadOptions, shareOptionsFrom } from './upload-options';

describe('shareOptionsFrom', () => {
  it('sends nothing for an empty form', () => {
    expect(shareOptionsFrom(emptyUploadOptions, 3)).toEqual({ ok: true, options: {} });
  });

  it('sends only the fields that are set', () => {
    const form = {
      ...emptyUploadOptions,
      storageConfigId: 'c1',
      slug: ' my-file ',
      path: 'docs',
      remark: 'hi',
      password: 'pw',
      expiry: '7d' as const,
      maxViews: '5',
    };
    expect(shareOptionsFrom(form, 1)).toEqual({
      ok: true,
      options: {
        s3_config_id: 'c1',
        slug: 'my-file',
        path: 'docs',
        remark: 'hi',
        password: 'pw',
        expires_in: 168,
        max_views: 5,
      },
    });
  });

  it('treats 0 views as unlimited', () => {
    expect(shareOptionsFrom({ ...emptyUploadOptions, maxViews: '0' }, 1)).toEqual({ ok: true, options: {} });
  });

  it('refuses a custom slug for several files and bad slugs or view counts', () => {
    expect(shareOptionsFrom({ ...emptyUploadOptions, slug: 'abc' }, 2)).toEqual({
      ok: false,
      problems: { slug: 'slugSingle' },
    });
    expect(shareOptionsFrom({ ...emptyUploadOptions, slug: 'a b' }, 1)).toEqual({
      ok: false,
      problems: { slug: 'slugChars' },
    });
    expect(shareOptionsFrom({ ...emptyUploadOptions, slug: 'Admin' }, 1)).toEqual({
      ok: false,
      problems: { slug: 'slugReserved' },
    });
    expect(shareOptionsFrom({ ...emptyUploadOptions, slug: 'x'.repeat(51) }, 1)).toEqual({
      ok: false,
      problems: { slug: 'slugLength' },
    });
    expect(shareOptionsFrom({ ...emptyUploadOptions, maxViews: '-1' }, 1)).toEqual({
      ok: false,
      problems: { maxViews: 'maxViews' },
    });
    expect(shareOptionsFrom({ ...emptyUploadOptions, maxViews: '1.5' }, 1)).toEqual({
      ok: false,
      problems: { maxViews: 'maxViews' },
    });
  });

  it('takes a passphrase only for an encrypted upload, and refuses a short one', () => {
    const sealed = { ...emptyUploadOptions, e2ee: true };
    expect(shareOptionsFrom({ ...sealed, passphrase: 'seven77' }, 1)).toEqual({
      ok: false,
      problems: { passphrase: 'passphrase' },
    });
    expect(shareOptionsFrom({ ...sealed, passphrase: 'eight888' }, 1)).toEqual({
      ok: true,
      options: { e2ee: true, e2eePassphrase: 'eight888' },
    });
    expect(shareOptionsFrom({ ...sealed, passphrase: '' }, 1)).toEqual({ ok: true, options: { e2ee: true } });
    expect(shareOptionsFrom({ ...emptyUploadOptions, passphrase: 'left over' }, 1)).toEqual({ ok: true, options: {} });
  });
});
