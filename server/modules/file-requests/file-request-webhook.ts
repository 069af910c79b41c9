// The owner's optional webhook: when an uploader's batch is over, one small JSON body lists the
// files it brought, signed with the request's own key (`X-Clipdock-Signature: sha256=<HMAC-SHA256
// of the body>`). The body is written once into file_request_deliveries, in the transaction that
// marks the files reported, and the delivery worker sends it (retries survive a restart).
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { FileRequestWebhookBody } from '@shared/api/file-request.schema';
import type { FileRequestRow, FileRequestUploadRow } from './file-request.repo';
import type { NewFileRequestDelivery } from './file-request-delivery.repo';

export const WEBHOOK_SIGNATURE_HEADER = 'x-clipdock-signature';
/** The delivery's id, the same on every attempt (the body's `delivery_id`), for a receiver to drop repeats. */
export const WEBHOOK_DELIVERY_HEADER = 'x-clipdock-delivery';
/** Waits after each failed attempt: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h; the seventh failure gives up. */
export const WEBHOOK_RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** When attempt `attempts + 1` may run after `attempts` failed ones, or null once they are all spent. */
export function nextAttemptAt(attempts: number, nowMs: number): string | null {
  const wait = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return wait === undefined ? null : new Date(nowMs + wait).toISOString();
}

export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export class FileRequestWebhook {
  #wake: () => void = () => undefined;

  constructor(private readonly encryptionSecret: string) {}

  /** The key a receiver checks signatures with; derived, so it is never stored. */
  secretOf(requestId: string): string {
    return Buffer.from(
      hkdfSync('sha256', this.encryptionSecret, 'clipdock', `file-request-webhook/${requestId}`, 32),
    ).toString('hex');
  }

  /** Who sends queued deliveries (the worker); told when one is queued. */
  onQueued(wake: () => void): void {
    this.#wake = wake;
  }

  queued(): void {
    this.#wake();
  }

  /** The delivery reporting a finished batch, or null when there is no webhook or nothing to report. */
  deliveryOf(
    row: FileRequestRow,
    files: readonly FileRequestUploadRow[],
    nowIso: string,
  ): NewFileRequestDelivery | null {
    if (row.webhook_url === null || files.length === 0) return null;
    const id = randomUUID();
    const body: FileRequestWebhookBody = {
      event: 'file_request.batch_finished',
      delivery_id: id,
      sent_at: nowIso,
      request: { id: row.id, slug: row.slug, title: row.title, path: row.path },
      uploader_name: files[0]?.uploader_name ?? null,
      files: files.map((file) => ({
        name: file.name,
        path: file.path,
        size: file.size,
        content_type: file.content_type,
        committed_at: file.committed_at,
      })),
      total_bytes: files.reduce((sum, file) => sum + file.size, 0),
    };
    return {
      id,
      request_id: row.id,
      url: row.webhook_url,
      body: JSON.stringify(body),
      file_count: files.length,
      status: 'pending',
      attempts: 0,
      next_attempt_at: nowIso,
      created_at: nowIso,
    };
  }
}
