import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api-error';
import { failure, failureLabel, fromApiFailure, fromError } from './failures';

describe('fromApiFailure', () => {
  it('decides by the error kind the ErrorCode gave, never by the HTTP status', () => {
    expect(
      fromApiFailure('commit-failed', {
        ok: false,
        kind: 'slug-taken',
        status: 409,
        errorCode: 'SLUG_TAKEN',
        message: 'taken',
      }),
    ).toMatchObject({ code: 'slug-taken' });
    expect(
      fromApiFailure('commit-failed', {
        ok: false,
        kind: 'conflict',
        status: 409,
        errorCode: 'CONFLICT',
        message: 'committed',
      }),
    ).toMatchObject({
      code: 'commit-failed',
      retryable: false,
    });
    expect(
      fromApiFailure('presign-failed', { ok: false, kind: 'http', status: 413, message: 'proxy says no' }),
    ).toMatchObject({ code: 'presign-failed' });
    expect(
      fromApiFailure('presign-failed', {
        ok: false,
        kind: 'quota',
        status: 413,
        errorCode: 'QUOTA_EXCEEDED',
        message: 'full',
      }),
    ).toMatchObject({ code: 'quota' });
    expect(
      fromApiFailure('presign-failed', {
        ok: false,
        kind: 'too-large',
        status: 413,
        errorCode: 'PAYLOAD_TOO_LARGE',
        message: 'big',
      }),
    ).toMatchObject({ code: 'too-large' });
  });

  it('keeps the ErrorCode of a refused credential for the page', () => {
    expect(
      fromApiFailure('init-failed', {
        ok: false,
        kind: 'admin-session-expired',
        status: 401,
        errorCode: 'TOKEN_EXPIRED',
        message: 'expired',
      }),
    ).toEqual({
      ok: false,
      code: 'unauthorized',
      message: 'expired',
      retryable: false,
      status: 401,
      errorCode: 'TOKEN_EXPIRED',
    });
    expect(
      fromApiFailure('init-failed', {
        ok: false,
        kind: 'forbidden',
        status: 403,
        errorCode: 'FORBIDDEN',
        message: 'read-only',
      }),
    ).toMatchObject({ code: 'forbidden' });
  });

  it('retries only what a busy server or network explains', () => {
    for (const kind of ['server-error', 'unavailable', 'rate-limited'] as const) {
      expect(fromApiFailure('complete-failed', { ok: false, kind, message: 'busy' })).toMatchObject({
        code: 'complete-failed',
        retryable: true,
      });
    }
    expect(fromApiFailure('complete-failed', { ok: false, kind: 'timeout', message: 'slow' })).toMatchObject({
      code: 'network',
      retryable: true,
    });
    expect(
      fromApiFailure('complete-failed', {
        ok: false,
        kind: 'validation',
        status: 400,
        errorCode: 'VALIDATION_FAILED',
        message: 'parts',
      }),
    ).toMatchObject({
      retryable: false,
    });
    expect(fromApiFailure('complete-failed', { ok: false, kind: 'cancelled', message: 'stop' })).toMatchObject({
      code: 'cancelled',
    });
  });
});

describe('fromError and failureLabel', () => {
  it('gives a thrown API error the failure its kind decides, and anything else a retryable network one', () => {
    const refused = new ApiError({ kind: 'not-found', status: 404, code: 'NOT_FOUND', serverMessage: 'gone' });
    expect(fromError('http', refused)).toEqual({
      ok: false,
      code: 'http',
      message: 'gone',
      retryable: false,
      status: 404,
      errorCode: 'NOT_FOUND',
    });
    expect(fromError('http', new ApiError({ kind: 'server-error', status: 503 }))).toMatchObject({
      code: 'http',
      retryable: true,
    });
    expect(fromError('http', new TypeError('Failed to fetch'))).toMatchObject({
      code: 'network',
      retryable: true,
      message: 'Failed to fetch',
    });
  });

  it('names a failure in one word for the basket report: the server code, http-<status>, or the code', () => {
    expect(failureLabel(failure('http', { status: 503 }))).toBe('http-503');
    expect(failureLabel(failure('http', { status: 404, errorCode: 'NOT_FOUND' }))).toBe('NOT_FOUND');
    expect(failureLabel(failure('url-size-mismatch'))).toBe('url-size-mismatch');
  });
});
