// Text may not hold the NUL character (U+0000): PostgreSQL cannot store it in a text column and
// refused such a value with an error the client saw as a 500, while SQLite kept it. Every route's
// path parameters, query and JSON body are checked once here, on both databases alike, and a NUL
// is a 400 naming the field.
import { ErrorCode } from '@shared/errors';
import { AppError } from './app-error';

function findNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNul(item, `${path}.${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(item, path === '' ? key : `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Throws a 400 when any string in `value` (path parameters, query or body) holds a NUL. */
export function refuseNul(value: unknown, where: string): void {
  const field = findNul(value, '');
  if (field === undefined) return;
  const path = field === '' ? where : field;
  throw new AppError(ErrorCode.ValidationFailed, `${path}: may not contain the NUL character (U+0000)`, {
    issues: [{ path, message: 'may not contain the NUL character (U+0000)' }],
  });
}
