// Dead properties (PROPPATCH) per canonical explorer path. A resource's properties follow it on
// MOVE, are duplicated by COPY and go with it on DELETE, whole trees included.
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, WebdavPropsTable } from '@server/db/schema';
import { codePoints } from '@server/lib/fs-path';

export type PropRow = Selectable<WebdavPropsTable>;

export class WebdavPropRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The properties of every path in `paths`. */
  async of(paths: readonly string[]): Promise<PropRow[]> {
    if (paths.length === 0) return [];
    const rows: PropRow[] = [];
    for (let i = 0; i < paths.length; i += 500) {
      rows.push(
        ...(await this.db
          .selectFrom('webdav_props')
          .selectAll()
          .where('path', 'in', paths.slice(i, i + 500))
          .orderBy('path')
          .orderBy('namespace')
          .orderBy('name')
          .execute()),
      );
    }
    return rows;
  }

  async set(row: PropRow): Promise<void> {
    await this.db
      .insertInto('webdav_props')
      .values(row)
      .onConflict((oc) => oc.columns(['path', 'namespace', 'name']).doUpdateSet({ value: row.value }))
      .execute();
  }

  async remove(path: string, namespace: string, name: string): Promise<void> {
    await this.db
      .deleteFrom('webdav_props')
      .where('path', '=', path)
      .where('namespace', '=', namespace)
      .where('name', '=', name)
      .execute();
  }

  async deleteTree(path: string): Promise<void> {
    await this.db.deleteFrom('webdav_props').where(this.#atOrUnder(path)).execute();
  }

  /** Moves the properties of `from` (and, when `tree`, of everything below it) to `to`. */
  async move(from: string, to: string, tree: boolean): Promise<void> {
    await this.deleteTree(to);
    await this.db.updateTable('webdav_props').set({ path: to }).where('path', '=', from).execute();
    if (!tree) return;
    await this.db
      .updateTable('webdav_props')
      .set({ path: sql<string>`${to} || substr(path, ${codePoints(from) + 1})` })
      .where(sql<SqlBool>`substr(path, 1, ${codePoints(from) + 1}) = ${`${from}/`}`)
      .execute();
  }

  /** Copies the properties of `from` (and, when `tree`, of everything below it) to `to`. */
  async copy(from: string, to: string, tree: boolean): Promise<void> {
    await this.deleteTree(to);
    const rows = await this.db
      .selectFrom('webdav_props')
      .selectAll()
      .where((eb) => (tree ? this.#atOrUnder(from) : eb('path', '=', from)))
      .execute();
    const copies = rows.map((row) => ({
      ...row,
      path: row.path === from ? to : `${to}${row.path.slice(from.length)}`,
    }));
    for (let i = 0; i < copies.length; i += 500)
      await this.db
        .insertInto('webdav_props')
        .values(copies.slice(i, i + 500))
        .execute();
  }

  #atOrUnder(path: string) {
    return sql<SqlBool>`(path = ${path} or substr(path, 1, ${codePoints(path) + 1}) = ${`${path}/`})`;
  }
}
