// Access tokens that have paid a file share's view, in the database, so every instance knows them.
// Times are epoch ms.
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';

export type PaidToken = { token_id: string; file_id: string; paid_at: number; expires_at: number; full_reads: number };

export class FileViewTokenRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records the token as paying now; false when it had paid already (on any instance). */
  async claim(token: PaidToken): Promise<boolean> {
    const result = await this.db
      .insertInto('file_view_tokens')
      .values(token)
      .onConflict((oc) => oc.column('token_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async forget(tokenId: string): Promise<void> {
    await this.db.deleteFrom('file_view_tokens').where('token_id', '=', tokenId).execute();
  }

  /** The token's record for this file when it paid after `paidAfter`. */
  find(tokenId: string, fileId: string, paidAfter: number): Promise<PaidToken | undefined> {
    return this.db
      .selectFrom('file_view_tokens')
      .selectAll()
      .where('token_id', '=', tokenId)
      .where('file_id', '=', fileId)
      .where('paid_at', '>', paidAfter)
      .executeTakeFirst();
  }

  /**
   * Counts one read by a token that paid after `paidAfter`: a full read only while it has
   * made fewer than `maxFullReads` (no bound when null). False when the read is not allowed.
   */
  async read(
    tokenId: string,
    fileId: string,
    read: { full: boolean; paidAfter: number; maxFullReads: number | null },
  ): Promise<boolean> {
    let query = this.db
      .updateTable('file_view_tokens')
      .set((eb) => ({ full_reads: eb('full_reads', '+', read.full ? 1 : 0) }))
      .where('token_id', '=', tokenId)
      .where('file_id', '=', fileId)
      .where('paid_at', '>', read.paidAfter);
    if (read.full && read.maxFullReads !== null) query = query.where('full_reads', '<', read.maxFullReads);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db.deleteFrom('file_view_tokens').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
