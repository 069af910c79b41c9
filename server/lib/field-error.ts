import { ErrorCode } from '@shared/errors';
import { AppError } from './app-error';

/** A 400 for one field that passed the schema but broke a rule only a service can check. */
export function fieldError(path: string, message: string): AppError {
  return new AppError(ErrorCode.ValidationFailed, `${path}: ${message}`, { issues: [{ path, message }] });
}
