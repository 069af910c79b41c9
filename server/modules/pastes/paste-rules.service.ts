import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import type { Clock } from '@server/lib/clock';
import { fieldError } from '@server/lib/field-error';
import { isSealedPaste } from '@shared/e2ee/share';

/** 413 when the content is over the byte limit (UTF-8). */
export function assertContentSize(content: string, maxBytes: number): void {
  if (Buffer.byteLength(content, 'utf8') <= maxBytes) return;
  throw new AppError(
    ErrorCode.PayloadTooLarge,
    `content is larger than the ${formatBytes(maxBytes)} limit for a paste`,
  );
}

/** 400 naming content when an end-to-end encrypted paste's content is not sealed text (docs/encryption.md). */
export function assertSealedContent(content: string): void {
  if (!isSealedPaste(content))
    throw fieldError('content', 'must be sealed text (e2ee1:…) for an end-to-end encrypted paste');
}

/** The expiry as a UTC ISO string; 400 naming expiresAt when it is not in the future. */
export function futureExpiry(expiresAt: string, clock: Clock): string {
  const at = Date.parse(expiresAt);
  if (at > clock.now()) return new Date(at).toISOString();
  const message = 'expiresAt must be in the future';
  throw new AppError(ErrorCode.ValidationFailed, `expiresAt: ${message}`, { issues: [{ path: 'expiresAt', message }] });
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
