// A storage backend that fails must never surface as a 500: every driver call of the explorer
// goes through `onStorage`, which keeps the driver's own outcomes (missing object, bad range, bad
// part) as StorageErrors and turns anything else into 502/503 naming the storage config.
import { ErrorCode } from '@shared/errors';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { StorageError } from '../../storage/storage-driver';

export type StorageName = { id: string; name: string };

const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ECONNABORTED']);
const diskCodes = new Set(['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE', 'EDQUOT']);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  if ('code' in error && typeof error.code === 'string') return error.code;
  if ('cause' in error) return codeOf(error.cause);
  return undefined;
}

function serviceStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata;
  if (typeof metadata !== 'object' || metadata === null || !('httpStatusCode' in metadata)) return undefined;
  return typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

/** The AppError a failed storage call becomes; StorageErrors and AppErrors pass through. */
export function storageFailure(error: unknown, storage: StorageName, logger: Logger): unknown {
  if (error instanceof StorageError || error instanceof AppError) return error;
  const code = codeOf(error);
  const status = serviceStatusOf(error);
  const name = error instanceof Error ? error.name : 'unknown';
  logger.warn('storage call failed', { storageConfigId: storage.id, error: name, code, status });
  if (code !== undefined && diskCodes.has(code)) {
    return new AppError(ErrorCode.Unavailable, `storage "${storage.name}" cannot be used right now (${code})`);
  }
  if (status !== undefined) {
    return new AppError(ErrorCode.BadGateway, `storage "${storage.name}" refused the request (${name}, HTTP ${status})`);
  }
  const why = code !== undefined && unreachableCodes.has(code) ? code : name;
  return new AppError(ErrorCode.BadGateway, `storage "${storage.name}" could not be reached (${why})`);
}

/** Runs one storage call, mapping its failures (see above). */
export async function onStorage<T>(storage: StorageName, logger: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storageFailure(error, storage, logger);
  }
}
