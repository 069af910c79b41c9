// A file share made from the explorer points at a file in its mount instead of a copy: the row keeps
// the file's explorer path (canonical), its storage path is the mount's object key, and removing the
// share (or its last view, or its expiry) leaves the object where it is. Null for uploaded shares.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('source_path', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('source_path').execute();
}
