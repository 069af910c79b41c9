// A real PostgreSQL cluster (Debian's postgresql package), started once per integration run by
// global-setup.ts. Each test file makes its own database through createTestDatabase.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type PostgresInfo = { host: string; port: number; user: string; password: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresInfo;
  }
}

export function postgresUrl(info: PostgresInfo, database: string): string {
  return `postgres://${encodeURIComponent(info.user)}:${encodeURIComponent(info.password)}@${info.host}:${info.port}/${database}`;
}

/** A fresh, empty database owned by the test role; returns its connection URL. */
export async function createTestDatabase(label: string): Promise<string> {
  const info = inject('postgres');
  const database = `${label
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40)}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl(info, 'postgres') });
  await client.connect();
  try {
    await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  return postgresUrl(info, database);
}
