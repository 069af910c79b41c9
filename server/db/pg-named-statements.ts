// PostgreSQL plans a named prepared statement once per connection and reuses the plan. The SQL of
// the prepared hot-path queries (prepared-query.ts) is registered here; every pooled client sends
// those texts as named statements and everything else as before.
import type { Pool, PoolClient } from 'pg';

const names = new Map<string, string>();

/** Marks `sql` to be sent as a named prepared statement; a bounded set (the app's hot queries). */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `clipdock_${names.size + 1}`);
}

function useNamedStatements(client: PoolClient): void {
  const plain = client.query;
  const query = (...args: unknown[]): unknown => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = names.get(text);
      if (name !== undefined) return Reflect.apply(plain, client, [{ name, text, values }]);
    }
    return Reflect.apply(plain, client, args);
  };
  Object.assign(client, { query });
}

/** Every client the pool opens from now on sends the registered texts as named statements. */
export function withNamedStatements(pool: Pool): Pool {
  pool.on('connect', useNamedStatements);
  return pool;
}
