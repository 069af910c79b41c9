// A pending file share remembers its multipart upload id, so cancel and the sweeper can abort
// the upload (and free its parts) when the browser never completes it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('upload_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('upload_id').execute();
}
