// An end-to-end encrypted paste's lock (docs/encryption.md): its key check and, for a passphrase
// paste, the Argon2id parameters, as JSON. Read without spending a view, so a wrong key is told first.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pastes').addColumn('e2ee_lock', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pastes').dropColumn('e2ee_lock').execute();
}
