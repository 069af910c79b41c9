// The search index of the mounts (fs_entries) and each mount's reindex progress. Substring search
// runs on the FTS5 trigram table on SQLite and on ILIKE (pg_trgm GIN index) on PostgreSQL; path
// prefixes are compared with substr(), never LIKE, so SQLite's case-folding LIKE cannot let
// `/Docs` stand in for `/docs`.
import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { isPostgres } from '@server/db/dialect';
import type { Database, FsEntriesTable, FsIndexStateTable } from '@server/db/schema';
import { codePoints } from '@server/lib/fs-path';

export type FsEntryRow = Selectable<FsEntriesTable>;
export type NewFsEntry = Omit<Insertable<FsEntriesTable>, 'id'>;
export type FsIndexState = Selectable<FsIndexStateTable>;

/** A search restricted to one mount, at and below `prefix` when set. */
export type SearchScope = { mountId: string; prefix: string | null };
export type SearchQuery = { q: string; scopes: readonly SearchScope[]; limit: number; offset: number };

const insertBatch = 500;

/** LIKE pattern text matching `text` literally (escape character `\`). */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export class FsEntryRepo {
  constructor(private readonly db: Kysely<Database>) {}

  find(mountId: string, path: string): Promise<FsEntryRow | undefined> {
    return this.db
      .selectFrom('fs_entries')
      .selectAll()
      .where('mount_id', '=', mountId)
      .where('path', '=', path)
      .executeTakeFirst();
  }

  /**
   * Inserts or refreshes entries. An app write (`counted`) sets every field, quota flag included;
   * a reindex keeps the flag and a stored content type, and only moves the rest.
   */
  async upsert(rows: readonly NewFsEntry[], mode: 'app' | 'reindex'): Promise<void> {
    for (let i = 0; i < rows.length; i += insertBatch) {
      await this.db
        .insertInto('fs_entries')
        .values(rows.slice(i, i + insertBatch))
        .onConflict((oc) =>
          oc.columns(['mount_id', 'path']).doUpdateSet((eb) => ({
            is_dir: eb.ref('excluded.is_dir'),
            size: eb.ref('excluded.size'),
            modified: eb.ref('excluded.modified'),
            etag: eb.ref('excluded.etag'),
            generation: eb.ref('excluded.generation'),
            ...(mode === 'app'
              ? { counted: eb.ref('excluded.counted'), content_type: eb.ref('excluded.content_type') }
              : { content_type: eb.fn.coalesce('fs_entries.content_type', eb.ref('excluded.content_type')) }),
          })),
        )
        .execute();
    }
  }

  /** Removes the entry at `path` and everything below it; returns how many went. */
  async deleteTree(mountId: string, path: string): Promise<number> {
    const result = await this.db
      .deleteFrom('fs_entries')
      .where('mount_id', '=', mountId)
      .where(this.#atOrUnder('path', path))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Moves the entry at `from` and everything below it to `to` (anything indexed there is dropped first). */
  async moveTree(mountId: string, from: string, to: string, toParent: string, toName: string): Promise<void> {
    await this.deleteTree(mountId, to);
    const cut = codePoints(from) + 1;
    await this.db
      .updateTable('fs_entries')
      .set({ path: to, parent: toParent, name: toName })
      .where('mount_id', '=', mountId)
      .where('path', '=', from)
      .execute();
    await this.db
      .updateTable('fs_entries')
      .set({
        path: sql<string>`${to} || substr(path, ${cut})`,
        parent: sql<string>`${to} || substr(parent, ${cut})`,
      })
      .where('mount_id', '=', mountId)
      .where(sql<SqlBool>`substr(path, 1, ${cut}) = ${`${from}/`}`)
      .execute();
  }

  async deleteAll(mountId: string): Promise<void> {
    await this.db.deleteFrom('fs_entries').where('mount_id', '=', mountId).execute();
  }

  /** Drops the entries a finished reindex did not see. */
  async deleteStale(mountId: string, generation: number): Promise<number> {
    const result = await this.db
      .deleteFrom('fs_entries')
      .where('mount_id', '=', mountId)
      .where('generation', '<', generation)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async count(mountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('fs_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mount_id', '=', mountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Bytes of the entry at `path` that count against the quota (0 when it is not counted). */
  async countedSize(mountId: string, path: string): Promise<number> {
    const row = await this.find(mountId, path);
    return row !== undefined && row.counted === 1 && row.is_dir === 0 ? Number(row.size) : 0;
  }

  /**
   * One page of matches, best first (exact name, then names starting with `q`, then newest), and
   * how many there are, counted up to `countCap`. On SQLite the FTS table drives the query, so a
   * rare substring touches only its few rows.
   */
  async search(
    { q, scopes, limit, offset }: SearchQuery,
    countCap: number,
  ): Promise<{ rows: FsEntryRow[]; total: number; capped: boolean }> {
    if (scopes.length === 0) return { rows: [], total: 0, capped: false };
    const lower = q.toLowerCase();
    const { from, match } = this.#matching(q);
    const within = sql.join(
      scopes.map((scope) =>
        scope.prefix === null
          ? sql`e.mount_id = ${scope.mountId}`
          : sql`(e.mount_id = ${scope.mountId} and ${this.#atOrUnder('e.path', scope.prefix)})`,
      ),
      sql` or `,
    );
    const rank = sql`case when lower(e.name) = ${lower} then 0 when lower(e.name) like ${`${likeLiteral(lower)}%`} escape '\\' then 1 else 2 end`;
    // Ids first, so the sort carries narrow records (and a 2-character scan stays on its index).
    const ids = await sql<{ id: number }>`select e.id from ${from} where ${match} and (${within})
      order by ${rank}, e.modified desc nulls last, e.path, e.mount_id limit ${limit} offset ${offset}`.execute(
      this.db,
    );
    const order = new Map(ids.rows.map((row, index) => [Number(row.id), index]));
    const found =
      order.size === 0
        ? []
        : await this.db
            .selectFrom('fs_entries')
            .selectAll()
            .where('id', 'in', [...order.keys()])
            .execute();
    const rows = found.sort((a, b) => (order.get(Number(a.id)) ?? 0) - (order.get(Number(b.id)) ?? 0));
    // A page that is not full ends the matches: it gives the count without a second pass.
    if (ids.rows.length < limit && (ids.rows.length > 0 || offset === 0))
      return { rows, total: offset + ids.rows.length, capped: false };
    const counted = await sql<{
      n: number;
    }>`select count(*) as n from (select 1 from ${from} where ${match} and (${within}) limit ${countCap}) capped`.execute(
      this.db,
    );
    const total = Number(counted.rows[0]?.n ?? 0);
    return { rows, total, capped: total >= countCap };
  }

  state(mountId: string): Promise<FsIndexState | undefined> {
    return this.db.selectFrom('fs_index_state').selectAll().where('mount_id', '=', mountId).executeTakeFirst();
  }

  /** The generation app writes stamp their entries with, so a reindex running meanwhile keeps them. */
  async generation(mountId: string): Promise<number> {
    return (await this.state(mountId))?.generation ?? 0;
  }

  async saveState(row: Insertable<FsIndexStateTable> & { mount_id: string }): Promise<void> {
    const { mount_id: _id, ...rest } = row;
    await this.db
      .insertInto('fs_index_state')
      .values(row)
      .onConflict((oc) => oc.column('mount_id').doUpdateSet(rest))
      .execute();
  }

  /** Mounts to reindex, never indexed first, then by age: older than `before`, mid-run, or moved to other storage. */
  async staleMounts(before: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('storage_mounts as m')
      .leftJoin('fs_index_state as s', 's.mount_id', 'm.id')
      .select('m.id')
      .where('m.is_active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('s.indexed_at', 'is', null),
          eb('s.indexed_at', '<', before),
          eb('s.cursor', 'is not', null),
          eb('s.storage_config_id', 'is', null),
          eb('s.storage_config_id', '!=', eb.ref('m.storage_config_id')),
        ]),
      )
      .orderBy(sql`s.indexed_at asc nulls first`)
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The rows to search and the name condition: FTS5 trigram, a LIKE scan for 2 characters, or ILIKE. */
  #matching(q: string): { from: RawBuilder<unknown>; match: RawBuilder<unknown> } {
    const table = sql`fs_entries e`;
    if (isPostgres(this.db)) return { from: table, match: sql`e.name ilike ${`%${likeLiteral(q)}%`} escape '\\'` };
    // The trigram index answers substrings of 3 or more characters; shorter ones scan the names.
    if (codePoints(q) < 3) return { from: table, match: sql`e.name like ${`%${likeLiteral(q)}%`} escape '\\'` };
    return {
      from: sql`fs_entries_fts join fs_entries e on e.id = fs_entries_fts.rowid`,
      match: sql`fs_entries_fts match ${`"${q.replaceAll('"', '""')}"`}`,
    };
  }

  #atOrUnder(column: 'path' | 'e.path', prefix: string): Expression<SqlBool> {
    return sql<SqlBool>`(${sql.ref(column)} = ${prefix} or substr(${sql.ref(column)}, 1, ${codePoints(prefix) + 1}) = ${`${prefix}/`})`;
  }
}
