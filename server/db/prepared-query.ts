// Queries on the hot paths (a paste read, a health check, a token lookup, a share lookup) are
// built and compiled by Kysely once per dialect, with named slots where the values go; each call
// only fills the slots. On PostgreSQL the SQL is also registered as a named prepared statement.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import { nameStatement } from './pg-named-statements';
import type { Database } from './schema';

/** Stands where an argument goes while the query is built; never reaches the database. */
class Slot {
  constructor(readonly name: string) {}
}

type Compiled = { sql: string; parameters: readonly unknown[]; slots: readonly (readonly [number, string])[] };

export type SlotOf<A> = <K extends keyof A & string>(name: K) => A[K];

export type PreparedQuery<A, R> = {
  /** Every row the query returns. */
  rows(db: Kysely<Database>, args: A): Promise<R[]>;
  /** The first row, if any. */
  first(db: Kysely<Database>, args: A): Promise<R | undefined>;
  /** Runs a statement and returns how many rows it changed. */
  run(db: Kysely<Database>, args: A): Promise<number>;
};

/**
 * `build` writes the query with `slot('name')` in place of each argument (as a value, never in a
 * list or as an identifier: the shape must not depend on the arguments). It runs once per
 * dialect; `db` may be a transaction, which shares its dialect.
 */
export function prepareQuery<A extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, slot: SlotOf<A>) => Compilable<R>,
): PreparedQuery<A, R> {
  let sqlite: Compiled | undefined;
  let postgres: Compiled | undefined;
  const slot = <K extends keyof A & string>(name: K): A[K] => new Slot(name) as unknown as A[K];

  const compile = (db: Kysely<Database>): Compiled => {
    const { sql, parameters } = build(db, slot).compile();
    const slots: (readonly [number, string])[] = [];
    parameters.forEach((value, index) => {
      if (value instanceof Slot) slots.push([index, value.name]);
    });
    return { sql, parameters, slots };
  };

  const execute = (db: Kysely<Database>, args: A) => {
    let compiled: Compiled;
    if (isPostgres(db)) {
      if (postgres === undefined) {
        postgres = compile(db);
        nameStatement(postgres.sql);
      }
      compiled = postgres;
    } else {
      compiled = sqlite ??= compile(db);
    }
    const parameters = compiled.parameters.slice();
    for (const [index, name] of compiled.slots) parameters[index] = args[name];
    return db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>);
  };

  return {
    rows: async (db, args) => (await execute(db, args)).rows,
    first: async (db, args) => (await execute(db, args)).rows[0],
    run: async (db, args) => Number((await execute(db, args)).numAffectedRows ?? 0n),
  };
}
