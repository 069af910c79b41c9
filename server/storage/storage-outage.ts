// A storage backend that cannot be reached is the storage's failure, not the server's: every
// driver call that fails at the network (or, for the local folder, the disk) becomes a 502/503
// naming the storage, instead of a bare 500. One wrapper, applied where drivers are built.
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { AddressRefusedError } from '@server/lib/net/address-guard';
import type { StorageDriver } from './storage-driver';

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNABORTED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);
const diskCodes = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EIO', 'EDQUOT', 'EMFILE', 'ENFILE']);
const timeoutNames = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = 'code' in error ? error.code : undefined;
  if (typeof code === 'string') return code;
  const cause = 'cause' in error ? error.cause : undefined;
  return cause === undefined ? undefined : codeOf(cause);
}

function serverErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('$metadata' in error)) return undefined;
  const metadata = error.$metadata;
  if (typeof metadata !== 'object' || metadata === null || !('httpStatusCode' in metadata)) return undefined;
  return typeof metadata.httpStatusCode === 'number' ? metadata.httpStatusCode : undefined;
}

function refusal(error: unknown): AddressRefusedError | undefined {
  if (error instanceof AddressRefusedError) return error;
  return typeof error === 'object' && error !== null && 'cause' in error ? refusal(error.cause) : undefined;
}

/** The AppError a driver failure stands for when the storage itself is out of reach; undefined otherwise. */
export function storageOutage(error: unknown, storageName: string): AppError | undefined {
  if (error instanceof AppError) return undefined;
  const refused = refusal(error);
  if (refused !== undefined)
    return new AppError(ErrorCode.BadGateway, `the storage "${storageName}" may not be used: ${refused.message}`);
  const code = codeOf(error);
  const name = error instanceof Error ? error.name : '';
  const status = serverErrorStatus(error);
  if (
    (code !== undefined && networkCodes.has(code)) ||
    timeoutNames.has(name) ||
    (status !== undefined && status >= 500)
  ) {
    const why = code ?? (status !== undefined ? `HTTP ${status}` : name);
    return new AppError(ErrorCode.BadGateway, `the storage "${storageName}" cannot be reached (${why})`);
  }
  // A service answer the driver did not expect (wrong credentials, a missing bucket): the storage refused.
  if (status !== undefined)
    return new AppError(
      ErrorCode.BadGateway,
      `the storage "${storageName}" refused the request (${name}, HTTP ${status})`,
    );
  if (code !== undefined && diskCodes.has(code))
    return new AppError(ErrorCode.Unavailable, `the storage "${storageName}" is not available (${code})`);
  return undefined;
}

export function isStorageOutage(error: unknown): boolean {
  return error instanceof AppError && (error.code === ErrorCode.BadGateway || error.code === ErrorCode.Unavailable);
}

/** The driver with every failing call that is an outage answered as one. */
export function withOutageErrors(driver: StorageDriver, storageName: string): StorageDriver {
  return new Proxy(driver, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          throw storageOutage(error, storageName) ?? error;
        });
      };
    },
  });
}
