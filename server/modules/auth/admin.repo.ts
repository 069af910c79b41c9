import type { Kysely, Updateable } from 'kysely';
import type { AdminRow, AdminsTable, Database } from '@server/db/schema';

export class AdminRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findById(id: string): Promise<AdminRow | undefined> {
    return this.db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<AdminRow | undefined> {
    return this.db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
  }

  async insert(row: AdminRow): Promise<void> {
    await this.db.insertInto('admins').values(row).execute();
  }

  async update(id: string, patch: Updateable<AdminsTable>): Promise<void> {
    await this.db.updateTable('admins').set(patch).where('id', '=', id).execute();
  }
}
