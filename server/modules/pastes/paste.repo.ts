// Paste queries. A view is one UPDATE … RETURNING whose WHERE holds every condition for serving
// (no password, not expired, views left), so concurrent viewers can never overshoot max_views.
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { inTransaction } from '@server/db/in-transaction';
import { prepareQuery } from '@server/db/prepared-query';
import type { Database, PastesTable } from '@server/db/schema';

export type PasteRow = Selectable<PastesTable>;
export type NewPaste = Insertable<PastesTable>;
/** A new paste with every column the create path sets: one statement shape, prepared once. */
export type NewPasteRow = Omit<PasteRow, 'views'>;
export type PastePatch = Updateable<PastesTable>;
export type PasteMeta = Omit<PasteRow, 'content'>;
export type PasteListRow = PasteMeta & { content_preview: string };

/** Whose pastes a query may touch: everyone's, or those created by one of the listed owners. */
export type OwnerFilter = readonly string[] | 'all';

const metaColumns = [
  'id',
  'slug',
  'format',
  'remark',
  'password_hash',
  'expires_at',
  'max_views',
  'views',
  'created_by',
  'created_at',
  'updated_at',
  'e2ee',
  'e2ee_lock',
] as const;

type PastesEb = ExpressionBuilder<Database, 'pastes'>;

const viewable = (now: string) => (eb: PastesEb) =>
  eb.and([
    eb.or([eb('max_views', 'is', null), eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]),
    eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]),
  ]);

const dead = (now: string) => (eb: PastesEb) =>
  eb.or([eb('expires_at', '<=', now), eb.and([eb('max_views', '>', 0), eb('views', '>=', eb.ref('max_views'))])]);

const ownedBy = (owners: OwnerFilter) => (eb: PastesEb) =>
  owners === 'all' ? eb.lit(true) : eb('created_by', 'in', owners);

// The reads and the insert every visitor's request makes, prepared once (db/prepared-query.ts).
const consumeOpenViewQuery = prepareQuery<{ slug: string; now: string }, PasteRow>((db, arg) =>
  db
    .updateTable('pastes')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('slug', '=', arg('slug'))
    .where('password_hash', 'is', null)
    .where(viewable(arg('now')))
    .returningAll(),
);
/** The same, but only for a paste without a view limit: a limited one waits for its visitor to ask. */
const consumeUnlimitedViewQuery = prepareQuery<{ slug: string; now: string }, PasteRow>((db, arg) =>
  db
    .updateTable('pastes')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('slug', '=', arg('slug'))
    .where('password_hash', 'is', null)
    .where((eb) => eb.or([eb('max_views', 'is', null), eb('max_views', '<=', 0)]))
    // An encrypted paste waits too: a visitor without its key must not spend a view.
    .where('e2ee', '=', 0)
    .where(viewable(arg('now')))
    .returningAll(),
);
const consumeViewQuery = prepareQuery<{ id: string; now: string }, PasteRow>((db, arg) =>
  db
    .updateTable('pastes')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', arg('id'))
    .where(viewable(arg('now')))
    .returningAll(),
);
const metaBySlugQuery = prepareQuery<{ slug: string }, PasteMeta>((db, arg) =>
  db.selectFrom('pastes').select(metaColumns).where('slug', '=', arg('slug')),
);
const tombstoneQuery = prepareQuery<{ slug: string }, { slug: string }>((db, arg) =>
  db.selectFrom('paste_tombstones').select('slug').where('slug', '=', arg('slug')),
);
const insertQuery = prepareQuery<NewPasteRow, never>((db, arg) =>
  db.insertInto('pastes').values({
    id: arg('id'),
    slug: arg('slug'),
    content: arg('content'),
    format: arg('format'),
    remark: arg('remark'),
    password_hash: arg('password_hash'),
    expires_at: arg('expires_at'),
    max_views: arg('max_views'),
    created_by: arg('created_by'),
    created_at: arg('created_at'),
    updated_at: arg('updated_at'),
    e2ee: arg('e2ee'),
    e2ee_lock: arg('e2ee_lock'),
  }),
);

export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return (
    error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === '23505'
  );
}

export class PasteRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewPasteRow): Promise<void> {
    await insertQuery.run(this.db, row);
  }

  /** Inserts a paste under a chosen slug; a tombstone left by an earlier paste of that slug goes. */
  async insertReclaiming(row: NewPasteRow): Promise<void> {
    await this.insert(row);
    await this.db.deleteFrom('paste_tombstones').where('slug', '=', row.slug).execute();
  }

  /** Counts a view of an unprotected, live paste and returns it; undefined when it may not be served. */
  consumeOpenView(slug: string, now: string): Promise<PasteRow | undefined> {
    return consumeOpenViewQuery.first(this.db, { slug, now });
  }

  /** Like `consumeOpenView`, for a paste without a view limit only. */
  consumeUnlimitedView(slug: string, now: string): Promise<PasteRow | undefined> {
    return consumeUnlimitedViewQuery.first(this.db, { slug, now });
  }

  /** Counts a view of a paste whose password was checked; undefined when it is no longer servable. */
  consumeView(id: string, now: string): Promise<PasteRow | undefined> {
    return consumeViewQuery.first(this.db, { id, now });
  }

  findMetaBySlug(slug: string): Promise<PasteMeta | undefined> {
    return metaBySlugQuery.first(this.db, { slug });
  }

  findById(id: string, owners: OwnerFilter): Promise<PasteRow | undefined> {
    return this.db.selectFrom('pastes').selectAll().where('id', '=', id).where(ownedBy(owners)).executeTakeFirst();
  }

  /** A live paste's details and the start of its content, read without spending a view (link previews). */
  peek(slug: string, now: string, excerptLength: number): Promise<PasteListRow | undefined> {
    return this.db
      .selectFrom('pastes')
      .select(metaColumns)
      .select(sql<string>`substr(content, 1, ${sql.lit(excerptLength)})`.as('content_preview'))
      .where('slug', '=', slug)
      .where(viewable(now))
      .executeTakeFirst();
  }

  async list(owners: OwnerFilter, limit: number, offset: number, previewLength: number): Promise<PasteListRow[]> {
    return this.db
      .selectFrom('pastes')
      .select(metaColumns)
      .select(sql<string>`substr(content, 1, ${sql.lit(previewLength)})`.as('content_preview'))
      .where(ownedBy(owners))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(owners: OwnerFilter): Promise<number> {
    const row = await this.db
      .selectFrom('pastes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(ownedBy(owners))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Applies the patch; undefined when the paste does not exist for these owners. */
  update(id: string, owners: OwnerFilter, patch: PastePatch): Promise<PasteRow | undefined> {
    return this.db
      .updateTable('pastes')
      .set(patch)
      .where('id', '=', id)
      .where(ownedBy(owners))
      .returningAll()
      .executeTakeFirst();
  }

  async deleteById(id: string): Promise<void> {
    await this.db.deleteFrom('pastes').where('id', '=', id).execute();
  }

  /** Deletes a paste that expired or used up its views, leaving a tombstone for its slug. */
  async retire(paste: Pick<PasteMeta, 'id' | 'slug'>, now: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('paste_tombstones')
        .values({ slug: paste.slug, retired_at: now })
        .onConflict((oc) => oc.column('slug').doUpdateSet({ retired_at: now }))
        .execute();
      await trx.deleteFrom('pastes').where('id', '=', paste.id).execute();
    });
  }

  async isTombstoned(slug: string): Promise<boolean> {
    return (await tombstoneQuery.first(this.db, { slug })) !== undefined;
  }

  /** Forgets tombstones older than `before`; those slugs answer 404 from then on. */
  async pruneTombstones(before: string): Promise<number> {
    const result = await this.db.deleteFrom('paste_tombstones').where('retired_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteByIds(ids: readonly string[], owners: OwnerFilter): Promise<number> {
    const result = await this.db.deleteFrom('pastes').where('id', 'in', ids).where(ownedBy(owners)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Retires pastes that expired at or before `now`, and those whose views are used up. */
  async deleteDead(now: string): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('paste_tombstones')
        .columns(['slug', 'retired_at'])
        .expression((eb) =>
          eb
            .selectFrom('pastes')
            .select(['slug', sql<string>`${now}`.as('retired_at')])
            .where(dead(now)),
        )
        .onConflict((oc) => oc.column('slug').doUpdateSet({ retired_at: now }))
        .execute();
      const result = await trx.deleteFrom('pastes').where(dead(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
