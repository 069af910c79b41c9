// Access tokens of file shares that have paid their view, so the next request of the same page
// visit is not counted again on whichever instance it lands. Times are epoch ms; full_reads counts
// reads from byte 0, bounded once the share's views are used up. Rows go when the token expires.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_view_tokens')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('full_reads', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_view_tokens_expires_at_idx').on('file_view_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_view_tokens').execute();
}
