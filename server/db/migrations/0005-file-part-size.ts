// A pending multipart share remembers the part size its plan was signed for, so refreshed part
// links are signed from the server's plan rather than from a size the client sends back.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('part_size', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('part_size').execute();
}
