// End-to-end encrypted shares (docs/encryption.md): a file's header (format version, nonce prefix,
// sealed name, type and size) as JSON, and a flag on pastes whose content is sealed text.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('e2ee', 'text').execute();
  await db.schema
    .alterTable('pastes')
    .addColumn('e2ee', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pastes').dropColumn('e2ee').execute();
  await db.schema.alterTable('files').dropColumn('e2ee').execute();
}
