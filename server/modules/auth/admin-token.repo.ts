import type { Kysely } from 'kysely';
import { prepareQuery } from '@server/db/prepared-query';
import type { AdminTokenRow, Database } from '@server/db/schema';

export type AdminTokenWithUser = AdminTokenRow & { username: string };

/** Every admin request looks its token up: prepared once (db/prepared-query.ts). */
const withUserQuery = prepareQuery<{ tokenHash: string }, AdminTokenWithUser>((db, arg) =>
  db
    .selectFrom('admin_tokens')
    .innerJoin('admins', 'admins.id', 'admin_tokens.admin_id')
    .select([
      'admin_tokens.token_hash',
      'admin_tokens.admin_id',
      'admin_tokens.expires_at',
      'admin_tokens.created_at',
      'admins.username',
    ])
    .where('admin_tokens.token_hash', '=', arg('tokenHash')),
);

export class AdminTokenRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: AdminTokenRow): Promise<void> {
    await this.db.insertInto('admin_tokens').values(row).execute();
  }

  findWithUser(tokenHash: string): Promise<AdminTokenWithUser | undefined> {
    return withUserQuery.first(this.db, { tokenHash });
  }

  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('admin_tokens').where('token_hash', '=', tokenHash).execute();
  }

  /** Deletes tokens that expired at or before `now`; returns how many. */
  async deleteExpired(now: string): Promise<number> {
    const result = await this.db.deleteFrom('admin_tokens').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteAllFor(adminId: string): Promise<void> {
    await this.db.deleteFrom('admin_tokens').where('admin_id', '=', adminId).execute();
  }

  async countFor(adminId: string): Promise<number> {
    const row = await this.db
      .selectFrom('admin_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
