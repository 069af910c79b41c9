import { describe, expect, it } from 'vitest';
import type { LockedFile, PublicFile, VerifiedFile } from '@shared/api/file-share.schema';
import { shownFile } from './shown-file';

const base: PublicFile = {
  id: 'f1',
  slug: 'report',
  filename: 'report.docx',
  mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 10,
  remark: null,
  created_at: '2030-01-01T00:00:00.000Z',
  expires_at: null,
  max_views: 3,
  views: 0,
  requires_password: false,
  preview_url: '/api/file-view/report?token=open',
  download_url: '/api/file-download/report?token=open',
  use_proxy: false,
  access_token: 'open',
  token_expires_at: '2030-01-01T00:15:00.000Z',
};

const locked: LockedFile = {
  slug: 'report',
  requires_password: true,
  preview_url: null,
  download_url: null,
  access_token: null,
  token_expires_at: null,
};

const verified: VerifiedFile = {
  ...base,
  requires_password: true,
  preview_url: '/api/file-view/report?token=checked',
  download_url: '/api/file-download/report?token=checked',
  access_token: 'checked',
  token_expires_at: '2030-01-01T00:15:00.000Z',
};

describe('shownFile', () => {
  it('uses the token of an unprotected file, the one already in its links', () => {
    expect(shownFile(base, null)).toEqual({ file: base, accessToken: 'open' });
  });

  it('switches to the verified file and its token once the password was accepted', () => {
    expect(shownFile(locked, verified)).toEqual({ file: verified, accessToken: 'checked' });
  });

  it('shows nothing of a protected file not yet verified', () => {
    expect(shownFile(locked, null)).toBeNull();
  });
});
