import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from './api-error';

describe('ApiError', () => {
  it('keeps kind, status and server message and serialises to a plain object', () => {
    const e = new ApiError({ kind: 'slug-taken', status: 409, code: 'SLUG_TAKEN', serverMessage: 'taken' });
    expect(isApiError(e)).toBe(true);
    expect(e.message).toBe('taken');
    expect(JSON.parse(JSON.stringify(e))).toEqual({
      kind: 'slug-taken',
      status: 409,
      code: 'SLUG_TAKEN',
      serverMessage: 'taken',
      fields: [],
    });
  });
});
