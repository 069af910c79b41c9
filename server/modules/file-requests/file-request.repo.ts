import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { isPostgres } from '@server/db/dialect';
import type { Database, FileRequestsTable, FileRequestUploadsTable } from '@server/db/schema';
import { FileRequestDeliveryRepo } from './file-request-delivery.repo';

export type FileRequestRow = Selectable<FileRequestsTable>;
export type NewFileRequest = Insertable<FileRequestsTable>;
export type FileRequestChange = Updateable<FileRequestsTable>;
export type FileRequestUploadRow = Selectable<FileRequestUploadsTable>;

/** What has arrived (or is arriving) through one request. */
export type RequestTally = { files: number; bytes: number; last: string | null };

/** File requests and the uploads through them. */
export class FileRequestRepo {
  /** The webhook deliveries, on the same connection (and transaction). */
  readonly deliveries: FileRequestDeliveryRepo;

  constructor(private readonly db: Kysely<Database>) {
    this.deliveries = new FileRequestDeliveryRepo(db);
  }

  async insert(row: NewFileRequest): Promise<void> {
    await this.db.insertInto('file_requests').values(row).execute();
  }

  findById(id: string): Promise<FileRequestRow | undefined> {
    return this.db.selectFrom('file_requests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySlug(slug: string): Promise<FileRequestRow | undefined> {
    return this.db.selectFrom('file_requests').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** The request, locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
  lockById(id: string): Promise<FileRequestRow | undefined> {
    const query = this.db.selectFrom('file_requests').selectAll().where('id', '=', id);
    return (isPostgres(this.db) ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Every request, or those `createdBy` made, newest first. */
  list(createdBy?: string): Promise<FileRequestRow[]> {
    let query = this.db.selectFrom('file_requests').selectAll().orderBy('created_at', 'desc').orderBy('id');
    if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
    return query.execute();
  }

  async update(id: string, change: FileRequestChange): Promise<void> {
    await this.db.updateTable('file_requests').set(change).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<boolean> {
    await this.deliveries.deleteForRequest(id);
    await this.db.deleteFrom('file_request_uploads').where('request_id', '=', id).execute();
    const result = await this.db.deleteFrom('file_requests').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Uploads counted against the limits: committed ones, and with `pending` those still arriving. */
  async tally(requestId: string, pending: boolean): Promise<RequestTally> {
    let query = this.db
      .selectFrom('file_request_uploads')
      .select((eb) => [
        eb.fn.countAll<number>().as('files'),
        eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
        eb.fn.max('committed_at').as('last'),
      ])
      .where('request_id', '=', requestId);
    if (!pending) query = query.where('status', '=', 'done');
    const row = await query.executeTakeFirstOrThrow();
    return { files: Number(row.files), bytes: Number(row.bytes), last: row.last ?? null };
  }

  async insertUpload(row: Insertable<FileRequestUploadsTable>): Promise<void> {
    await this.db.insertInto('file_request_uploads').values(row).execute();
  }

  findUpload(requestId: string, id: string): Promise<FileRequestUploadRow | undefined> {
    return this.db
      .selectFrom('file_request_uploads')
      .selectAll()
      .where('request_id', '=', requestId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** True when a pending or committed upload already goes to `path`. */
  async pathTaken(path: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('file_request_uploads')
      .select('id')
      .where('path', '=', path)
      .executeTakeFirst();
    return row !== undefined;
  }

  uploads(requestId: string): Promise<FileRequestUploadRow[]> {
    return this.db
      .selectFrom('file_request_uploads')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async setFsUpload(id: string, fsUploadId: string): Promise<void> {
    await this.db.updateTable('file_request_uploads').set({ fs_upload_id: fsUploadId }).where('id', '=', id).execute();
  }

  /** Marks a pending upload committed; false when it was not pending any more. */
  async markDone(id: string, size: number, committedAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('file_request_uploads')
      .set({ status: 'done', size, committed_at: committedAt })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteUpload(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('file_request_uploads').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Marks the batch's committed files not yet reported as reported now, and returns them; a
   * second call for the same batch finds none, so a webhook reports each file once.
   */
  async takeUnreported(requestId: string, batchId: string, nowIso: string): Promise<FileRequestUploadRow[]> {
    const rows = await this.db
      .selectFrom('file_request_uploads')
      .selectAll()
      .where('request_id', '=', requestId)
      .where('batch_id', '=', batchId)
      .where('status', '=', 'done')
      .where('notified_at', 'is', null)
      .orderBy('committed_at')
      .execute();
    if (rows.length === 0) return rows;
    await this.db
      .updateTable('file_request_uploads')
      .set({ notified_at: nowIso })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .where('notified_at', 'is', null)
      .execute();
    return rows;
  }

  /** Pending uploads started before `cutoffIso`, oldest first. */
  stalePending(cutoffIso: string, limit: number): Promise<FileRequestUploadRow[]> {
    return this.db
      .selectFrom('file_request_uploads')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<', cutoffIso)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Files committed after the owner last opened the uploads, per request of `ids`. */
  async unseen(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('file_request_uploads as u')
      .innerJoin('file_requests as r', 'r.id', 'u.request_id')
      .select((eb) => ['u.request_id', eb.fn.countAll<number>().as('count')])
      .where('u.request_id', 'in', ids)
      .where('u.status', '=', 'done')
      .where((eb) =>
        eb.or([eb('r.uploads_seen_at', 'is', null), eb('u.committed_at', '>', eb.ref('r.uploads_seen_at'))]),
      )
      .groupBy('u.request_id')
      .execute();
    return new Map(rows.map((row) => [row.request_id, Number(row.count)]));
  }

  /** Files committed after the owner last opened the uploads, over every request or those `createdBy` made. */
  async unseenTotal(createdBy?: string): Promise<number> {
    let query = this.db
      .selectFrom('file_request_uploads as u')
      .innerJoin('file_requests as r', 'r.id', 'u.request_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('u.status', '=', 'done')
      .where((eb) =>
        eb.or([eb('r.uploads_seen_at', 'is', null), eb('u.committed_at', '>', eb.ref('r.uploads_seen_at'))]),
      );
    if (createdBy !== undefined) query = query.where('r.created_by', '=', createdBy);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The owner has seen every upload committed up to `seenAt`. */
  async markSeen(id: string, seenAt: string): Promise<void> {
    await this.db.updateTable('file_requests').set({ uploads_seen_at: seenAt }).where('id', '=', id).execute();
  }
}
