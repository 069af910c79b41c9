// The owner's optional webhook: when an uploader's batch is over, one small JSON body lists the
// files it brought, POSTed through the server's address guard (the one URL uploads use, so
// URL_FETCH_ALLOW is the only way to a private address), signed with the request's own key
// (`X-Clipdock-Signature: sha256=<HMAC-SHA256 of the body>`), and retried after a failure.
// Deliveries run in the background of the instance that took the call; one cut short by a
// restart is not sent again.
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import type { FileRequestWebhookBody } from '@shared/api/file-request.schema';
import { APP_NAME } from '@shared/limits';
import type { Logger } from '@server/lib/logger';
import type { GuardedFetch } from '@server/lib/net/guarded-fetch';
import type { FileRequestRow, FileRequestUploadRow } from './file-request.repo';

export const WEBHOOK_SIGNATURE_HEADER = 'x-clipdock-signature';
/** Waits before each try: the first at once, then after 1 s and 5 s. */
export const WEBHOOK_RETRY_DELAYS_MS = [0, 1_000, 5_000] as const;
const timeoutMs = 10_000;

export class FileRequestWebhook {
  readonly #running = new Set<Promise<void>>();

  constructor(
    private readonly fetch: GuardedFetch,
    private readonly encryptionSecret: string,
    private readonly logger: Logger,
    private readonly delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
  ) {}

  /** The key a receiver checks signatures with; derived, so it is never stored. */
  secretOf(requestId: string): string {
    return Buffer.from(
      hkdfSync('sha256', this.encryptionSecret, 'clipdock', `file-request-webhook/${requestId}`, 32),
    ).toString('hex');
  }

  /** Starts the delivery of a finished batch in the background. */
  send(row: FileRequestRow, files: readonly FileRequestUploadRow[], nowIso: string): void {
    if (row.webhook_url === null || files.length === 0) return;
    const body: FileRequestWebhookBody = {
      event: 'file_request.batch_finished',
      delivery_id: randomUUID(),
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
    const delivery = this.#deliver(row.id, row.webhook_url, JSON.stringify(body)).finally(() =>
      this.#running.delete(delivery),
    );
    this.#running.add(delivery);
  }

  /** Every delivery still running; for a clean stop. */
  async settled(): Promise<void> {
    await Promise.all([...this.#running]);
  }

  async #deliver(requestId: string, target: string, json: string): Promise<void> {
    const signature = createHmac('sha256', this.secretOf(requestId)).update(json).digest('hex');
    const host = URL.parse(target)?.host ?? 'the webhook';
    for (const [attempt, delay] of this.delays.entries()) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        const answer = await this.fetch(new URL(target), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': `${APP_NAME} webhook`,
            [WEBHOOK_SIGNATURE_HEADER]: `sha256=${signature}`,
          },
          body: json,
          timeoutMs,
          maxBytes: 64 * 1024,
        });
        answer.close();
        if (answer.status >= 200 && answer.status < 300) return;
        this.logger.warn('file request webhook refused', {
          requestId,
          host,
          status: answer.status,
          attempt: attempt + 1,
        });
      } catch (error) {
        this.logger.warn('file request webhook failed', {
          requestId,
          host,
          error: error instanceof Error ? error.message : String(error),
          attempt: attempt + 1,
        });
      }
    }
    this.logger.error('file request webhook gave up', { requestId, host, attempts: this.delays.length });
  }
}
