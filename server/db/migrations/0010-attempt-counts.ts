// Attempt limits shared by every instance on one database: one row per limiter and key (a hash),
// counted in a fixed window that ends at reset_at (epoch ms). A single SQLite process keeps its
// counts in memory and leaves this table empty.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_counts')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('attempt_counts_pkey', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('attempt_counts_reset_at_idx').on('attempt_counts').column('reset_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_counts').execute();
}
