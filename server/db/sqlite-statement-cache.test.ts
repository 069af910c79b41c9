// The statement cache on a real in-memory SQLite: statements are reused, a busy one is not shared,
// schema changes are never kept and empty the cache, and the cache stays within its bound.
import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

function database(capacity?: number) {
  const sqlite = new SqliteDatabase(':memory:');
  return withStatementCache(sqlite, capacity);
}

describe('withStatementCache', () => {
  it('hands back the same compiled statement for the same SQL', () => {
    const db = database();
    db.prepare('create table t (n integer)').run([]);
    const insert = db.prepare('insert into t (n) values (?)');
    insert.run([1]);
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(db.cachedStatements).toBe(2);
    db.close();
  });

  it('prepares a second statement while the cached one is still iterating', () => {
    const db = database();
    db.prepare('create table t (n integer)').run([]);
    for (const n of [1, 2, 3]) db.prepare('insert into t (n) values (?)').run([n]);
    const select = 'select n from t order by n';
    const iterator = db.prepare(select).iterate([]);
    expect(iterator.next().value).toEqual({ n: 1 });
    expect(db.prepare(select).all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect([...iterator]).toEqual([{ n: 2 }, { n: 3 }]);
    db.close();
  });

  it('never keeps a schema change, and forgets statements compiled before it', () => {
    const db = database();
    db.prepare('create table t (n integer)').run([]);
    const before = db.prepare('select * from t');
    expect(db.cachedStatements).toBe(1);
    db.prepare('alter table t add column m integer').run([]);
    expect(db.cachedStatements).toBe(0);
    db.prepare('insert into t (n, m) values (?, ?)').run([1, 2]);
    const after = db.prepare('select * from t');
    expect(after).not.toBe(before);
    expect(after.all([])).toEqual([{ n: 1, m: 2 }]);
    db.close();
  });

  it('keeps at most its capacity, dropping the oldest first', () => {
    const db = database(3);
    const first = db.prepare('select 1');
    for (const n of [2, 3, 4]) db.prepare(`select ${n}`);
    expect(db.cachedStatements).toBe(3);
    expect(db.prepare('select 1')).not.toBe(first);
    db.close();
  });
});
