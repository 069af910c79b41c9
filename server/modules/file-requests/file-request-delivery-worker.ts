// Sends the queued webhook deliveries in the background of every instance, under the cluster lock
// the other background work uses (`file-request-webhooks`: on PostgreSQL one instance drains at a
// time, the others skip), and each attempt under a row claim, so exactly one instance sends it.
// Each POST goes through the server's one address guard (URL_FETCH_ALLOW opens private addresses);
// a 2xx answer is delivered, anything else waits its back-off, and the last failure gives up.
import { APP_NAME } from '@shared/limits';
import type { ClusterLocks } from '@server/cluster/cluster-locks';
import { isoAt, type Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import type { GuardedFetch } from '@server/lib/net/guarded-fetch';
import { WakeLoop } from '@server/lib/wake-loop';
import type { FileRequestDeliveryRepo, FileRequestDeliveryRow } from './file-request-delivery.repo';
import {
  nextAttemptAt,
  signatureOf,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
} from './file-request-webhook';

export type DeliveryWorkerOptions = {
  deliveries: FileRequestDeliveryRepo;
  fetch: GuardedFetch;
  secretOf: (requestId: string) => string;
  clock: Clock;
  logger: Logger;
  locks: ClusterLocks;
  /** The only instance (SQLite): claims its previous run left are released at start. */
  alone: boolean;
  /** How often the queue is looked at when nothing woke the worker. */
  pollMs?: number;
  /** A claim older than this belongs to an instance that died (well above one attempt's timeout). */
  leaseMs?: number;
};

const attemptTimeoutMs = 10_000;
const batch = 10;

export class FileRequestDeliveryWorker {
  readonly #loop: WakeLoop;

  constructor(private readonly options: DeliveryWorkerOptions) {
    // Each pass runs under the cluster lock: with several instances one drains, the others skip.
    this.#loop = new WakeLoop({
      pass: () => options.locks.tryHold('file-request-webhooks', () => this.#sendDue()).then(() => undefined),
      pollMs: options.pollMs ?? 2_000,
      onError: (error) =>
        options.logger.warn('file request webhooks could not be read', {
          error: error instanceof Error ? error.message : 'unknown',
        }),
    });
  }

  async start(): Promise<void> {
    if (this.options.alone) await this.options.deliveries.releaseClaims();
    this.#loop.start();
  }

  /** Stops looking and waits for the attempt in progress. */
  async stop(): Promise<void> {
    await this.#loop.stop();
  }

  /** A delivery was queued: look now. */
  wake(): void {
    this.#loop.wake();
  }

  async #sendDue(): Promise<void> {
    const { deliveries, clock, leaseMs = 120_000 } = this.options;
    while (!this.#loop.stopped) {
      const rows = await deliveries.due(isoAt(clock), isoAt(clock, -leaseMs), batch);
      let sent = 0;
      for (const row of rows) {
        if (this.#loop.stopped) return;
        const now = isoAt(clock);
        if (!(await deliveries.claim(row, now))) continue;
        sent += 1;
        await this.#attempt(row, now);
      }
      if (sent === 0) return;
    }
  }

  async #attempt(row: FileRequestDeliveryRow, claimedAt: string): Promise<void> {
    const { deliveries, fetch, secretOf, clock, logger } = this.options;
    const attempt = row.attempts + 1;
    const host = URL.parse(row.url)?.host ?? 'the webhook';
    const context = { requestId: row.request_id, deliveryId: row.id, host, attempt };
    let error: string;
    try {
      const answer = await fetch(new URL(row.url), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': `${APP_NAME} webhook`,
          [WEBHOOK_SIGNATURE_HEADER]: signatureOf(secretOf(row.request_id), row.body),
          [WEBHOOK_DELIVERY_HEADER]: row.id,
        },
        body: row.body,
        timeoutMs: attemptTimeoutMs,
        maxBytes: 64 * 1024,
      });
      answer.close();
      if (answer.status >= 200 && answer.status < 300) {
        await deliveries.settle(row.id, claimedAt, { delivered: true, at: isoAt(clock) });
        logger.info('file request webhook delivered', context);
        return;
      }
      error = `HTTP ${answer.status}`;
      logger.warn('file request webhook refused', { ...context, status: answer.status });
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      logger.warn('file request webhook failed', { ...context, error });
    }
    const nextAt = nextAttemptAt(attempt, clock.now());
    if (nextAt === null) logger.error('file request webhook gave up', { ...context, attempts: WEBHOOK_MAX_ATTEMPTS });
    await deliveries.settle(row.id, claimedAt, {
      delivered: false,
      at: isoAt(clock),
      error: error.slice(0, 300),
      nextAt,
    });
  }
}
