import type { Kysely } from 'kysely';
import { createPaste as createPasteEndpoint, viewPaste as viewPasteEndpoint } from '@shared/api/paste.endpoints';
import { pasteViewSchema, type PasteCreateResult } from '@shared/api/paste.schema';
import type { Credentials } from '@shared/http/api-client';
import type { BodyOf } from '@shared/http/endpoint';
import type { Database } from '@server/db/schema';
import { asAdmin, asApiKey, testApi, type Answer } from '@tests/integration/support/api';
import { call, type CallOptions, type CallResult } from '@tests/integration/support/http';

export type Caller = Pick<CallOptions, 'token' | 'apiKey' | 'headers'>;

export function credentialsOf(caller: Caller): Credentials | 'none' {
  if (caller.token !== undefined) return asAdmin(caller.token);
  if (caller.apiKey !== undefined) return asApiKey(caller.apiKey);
  return 'none';
}

/** Any body, the ones the contract refuses included. */
export function postPaste(baseUrl: string, json: unknown, caller: Caller = {}): Promise<CallResult> {
  return call(baseUrl, 'POST', '/api/paste', { json, ...caller }); // raw: callers send bodies the contract refuses
}

export async function createPaste(
  baseUrl: string,
  body: BodyOf<typeof createPasteEndpoint>,
  caller: Caller,
): Promise<PasteCreateResult> {
  return testApi(baseUrl).ok(createPasteEndpoint, {
    body,
    credentials: credentialsOf(caller),
    headers: caller.headers,
  });
}

export function getPaste(baseUrl: string, slug: string, caller: Caller = {}): Promise<Answer> {
  return testApi(baseUrl).send(viewPasteEndpoint, {
    params: { slug },
    credentials: credentialsOf(caller),
    headers: caller.headers,
  });
}

export async function viewPaste(baseUrl: string, slug: string, caller: Caller = {}) {
  const answer = await testApi(baseUrl).ok(viewPasteEndpoint, {
    params: { slug },
    credentials: credentialsOf(caller),
    headers: caller.headers,
  });
  return pasteViewSchema.parse(answer);
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
