import type { Kysely } from 'kysely';
import { pasteCreateResultSchema, pasteViewSchema, type PasteCreateResult } from '@shared/api/paste.schema';
import type { Database } from '@server/db/schema';
import { call, expectOk, type CallOptions, type CallResult } from '@tests/integration/support/http';

export type Caller = Pick<CallOptions, 'token' | 'apiKey' | 'headers'>;

export function postPaste(baseUrl: string, json: unknown, caller: Caller = {}): Promise<CallResult> {
  return call(baseUrl, 'POST', '/api/paste', { json, ...caller });
}

export async function createPaste(
  baseUrl: string,
  json: Record<string, unknown>,
  caller: Caller,
): Promise<PasteCreateResult> {
  return expectOk(await postPaste(baseUrl, json, caller), pasteCreateResultSchema, 201);
}

export function getPaste(baseUrl: string, slug: string, caller: Caller = {}): Promise<CallResult> {
  return call(baseUrl, 'GET', `/api/paste/${slug}`, caller);
}

export async function viewPaste(baseUrl: string, slug: string, caller: Caller = {}) {
  return expectOk(await getPaste(baseUrl, slug, caller), pasteViewSchema);
}

export async function setGuestPastes(db: Kysely<Database>, allowed: boolean): Promise<void> {
  await db
    .updateTable('system_settings')
    .set({ value: String(allowed) })
    .where('key', '=', 'allow_guest_pastes')
    .execute();
}

export async function pasteCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('pastes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function viewsOf(db: Kysely<Database>, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('pastes').select('views').where('slug', '=', slug).executeTakeFirst();
  return row?.views;
}
