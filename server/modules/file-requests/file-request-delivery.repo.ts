// The webhook deliveries waiting, sent or given up (table file_request_deliveries). A delivery is
// sent by whoever claims it: the claim is one conditional update, so among instances on one
// database exactly one sends each attempt; a claim older than the lease is an instance that died.
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FileRequestDeliveriesTable } from '@server/db/schema';

export type FileRequestDeliveryRow = Selectable<FileRequestDeliveriesTable>;
export type NewFileRequestDelivery = Insertable<FileRequestDeliveriesTable>;

/** What an attempt came to: delivered, or another try at `nextAt`, or given up (`nextAt` null). */
export type AttemptOutcome =
  | { delivered: true; at: string }
  | { delivered: false; at: string; error: string; nextAt: string | null };

export class FileRequestDeliveryRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewFileRequestDelivery): Promise<void> {
    await this.db.insertInto('file_request_deliveries').values(row).execute();
  }

  /** Pending deliveries due at `now` that nobody holds (or whose holder's claim is older than `staleBefore`). */
  due(now: string, staleBefore: string, limit: number): Promise<FileRequestDeliveryRow[]> {
    return this.db
      .selectFrom('file_request_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Takes one attempt of `row` for this instance; false when another instance took it first. */
  async claim(row: FileRequestDeliveryRow, now: string): Promise<boolean> {
    let query = this.db
      .updateTable('file_request_deliveries')
      .set({ claimed_at: now, attempts: row.attempts + 1, last_attempt_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts);
    query =
      row.claimed_at === null ? query.where('claimed_at', 'is', null) : query.where('claimed_at', '=', row.claimed_at);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records the attempt made under the claim taken at `claimedAt`. */
  async settle(id: string, claimedAt: string, outcome: AttemptOutcome): Promise<void> {
    await this.db
      .updateTable('file_request_deliveries')
      .set(
        outcome.delivered
          ? { status: 'delivered', delivered_at: outcome.at, claimed_at: null, last_error: null }
          : {
              status: outcome.nextAt === null ? 'failed' : 'pending',
              next_attempt_at: outcome.nextAt ?? outcome.at,
              claimed_at: null,
              last_error: outcome.error,
            },
      )
      .where('id', '=', id)
      .where('claimed_at', '=', claimedAt)
      .execute();
  }

  /** With one process (SQLite), claims left by its previous run are nobody's: they may be taken again. */
  async releaseClaims(): Promise<void> {
    await this.db
      .updateTable('file_request_deliveries')
      .set({ claimed_at: null })
      .where('status', '=', 'pending')
      .where('claimed_at', 'is not', null)
      .execute();
  }

  /** The request's latest delivery, for its owner. */
  latest(requestId: string): Promise<FileRequestDeliveryRow | undefined> {
    return this.db
      .selectFrom('file_request_deliveries')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async deleteForRequest(requestId: string): Promise<void> {
    await this.db.deleteFrom('file_request_deliveries').where('request_id', '=', requestId).execute();
  }

  /** Deliveries settled (delivered or given up) before `cutoff`; resolves to how many went. */
  async deleteSettledBefore(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('file_request_deliveries')
      .where('status', 'in', ['delivered', 'failed'])
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
