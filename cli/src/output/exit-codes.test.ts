import { describe, expect, it } from 'vitest';
import { ApiError } from '@shared/api-error';
import { failureOf } from '@shared/http/failure';
import { ExitCode, exitCodeOf } from './exit-codes';
import { apiFailureLines } from './failure-message';

const envelope = (code: number, error: string, message: string, extra: object = {}) => ({
  code,
  message,
  success: false,
  data: { error, ...extra },
});

describe('exit codes', () => {
  it('follows the server’s ErrorCode', () => {
    const cases: [number, string, ExitCode][] = [
      [401, 'API_KEY_INVALID', ExitCode.auth],
      [401, 'WRONG_PASSWORD', ExitCode.auth],
      [404, 'NOT_FOUND', ExitCode.notFound],
      [410, 'GONE', ExitCode.notFound],
      [403, 'FORBIDDEN', ExitCode.refused],
      [409, 'SLUG_TAKEN', ExitCode.refused],
      [413, 'QUOTA_EXCEEDED', ExitCode.refused],
      [400, 'VALIDATION_FAILED', ExitCode.refused],
      [502, 'BAD_GATEWAY', ExitCode.unavailable],
    ];
    for (const [status, code, exit] of cases)
      expect(exitCodeOf(failureOf(status, envelope(status, code, 'm'), null)), code).toBe(exit);
  });

  it('reads a proxy’s bare status, and the client’s own failures', () => {
    expect(exitCodeOf(failureOf(404, 'Not Found', null))).toBe(ExitCode.notFound);
    expect(exitCodeOf(failureOf(401, '', null))).toBe(ExitCode.auth);
    expect(exitCodeOf(failureOf(504, '<html>', null))).toBe(ExitCode.unavailable);
    expect(exitCodeOf(new ApiError({ kind: 'network' }))).toBe(ExitCode.unavailable);
    expect(exitCodeOf(new ApiError({ kind: 'cancelled' }))).toBe(ExitCode.interrupted);
  });

  it('says what failed in the server’s words, with its field issues and wait', () => {
    const error = failureOf(
      429,
      envelope(429, 'RATE_LIMITED', 'too many attempts, slow down', {
        retryAfterSeconds: 30,
        issues: [{ path: 'password', message: 'is wrong' }],
      }),
      null,
    );
    expect(apiFailureLines(error)).toEqual([
      'too many attempts, slow down (HTTP 429)',
      '  password: is wrong',
      '  try again in 30 s',
    ]);
  });
});
