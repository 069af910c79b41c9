import { describe, expect, it } from 'vitest';
import { problemOfError, problemOfInfo } from './url-problem';

const info = {
  url: 'https://x.test/a',
  filename: 'a',
  contentType: 'text/plain',
  lastModified: null,
  corsSupported: true,
};

describe('URL problems', () => {
  it('are chosen by the server’s error code', () => {
    expect(problemOfError({ kind: 'validation', code: 'URL_NOT_ALLOWED' })).toEqual({ key: 'not-allowed' });
    expect(problemOfError({ kind: 'unavailable', code: 'URL_FETCH_FAILED', upstreamStatus: 404 })).toEqual({
      key: 'fetch-failed',
      status: 404,
    });
    expect(problemOfError({ kind: 'unavailable', code: 'URL_FETCH_FAILED' })).toEqual({ key: 'unreachable' });
    expect(
      problemOfError({ kind: 'validation', code: 'VALIDATION_FAILED', fields: [{ path: 'url', message: 'x' }] }),
    ).toEqual({ key: 'invalid' });
    expect(problemOfError({ kind: 'network' })).toMatchObject({ key: 'other' });
  });

  it('refuse a file of unknown size or over the limit', () => {
    expect(problemOfInfo({ ...info, size: null }, 100)).toEqual({ key: 'size-unknown' });
    expect(problemOfInfo({ ...info, size: 101 }, 100)).toEqual({ key: 'too-large', maxBytes: 100 });
    expect(problemOfInfo({ ...info, size: 100 }, 100)).toBeNull();
  });
});
