// Pastes remember whether they are Markdown or plain text, so every viewer renders them the same
// way. Existing rows become Markdown, which is how they were shown before.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pastes')
    .addColumn('format', 'text', (c) =>
      c
        .notNull()
        .defaultTo('markdown')
        .check(sql<boolean>`${sql.ref('format')} in (${sql.lit('markdown')}, ${sql.lit('plain')})`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pastes').dropColumn('format').execute();
}
