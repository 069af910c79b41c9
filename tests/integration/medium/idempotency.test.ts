// Idempotency keys in the store and the paste service on real SQLite and PostgreSQL, without
// HTTP: a repeat gets the first answer and changes nothing, concurrent repeats make one change,
// another body under the key is a 422, a change that fails leaves no record and rolls back what
// it wrote, and after 24 h the key is free again and swept.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PasteCreateInput } from '@shared/api/paste.schema';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import type { AdminAuth } from '@server/modules/auth/auth.types';
import {
  IDEMPOTENCY_TTL_MS,
  IdempotencyStore,
  type IdempotentRequest,
  idempotencySweepTask,
} from '@server/modules/idempotency/idempotency.service';
import { createPasteLimiters } from '@server/modules/pastes/paste-access.service';
import { PasteService } from '@server/modules/pastes/paste.service';
import { databaseKinds, openMedium, refusal, type Medium } from './medium-harness';

const admin: AdminAuth = { kind: 'admin', adminId: 'medium-admin', username: 'admin', tokenHash: null };
const answerSchema = z.object({ id: z.string() });

describe.each(databaseKinds)('idempotency keys on %s', (kind) => {
  let m: Medium;
  let store: IdempotencyStore;
  let pastes: PasteService;
  beforeAll(async () => {
    m = await openMedium(kind, 'idempotency');
    store = new IdempotencyStore(m.repos, m.clock);
    pastes = new PasteService(m.repos, m.clock, createPasteLimiters(m.limiters), store);
  });
  afterAll(() => m.close());

  const request = (key: string, bodyHash = 'body-a'): IdempotentRequest => ({ scope: 'medium', key, bodyHash });
  const create = (input: PasteCreateInput, key: string, bodyHash = 'body-a') =>
    pastes.create(admin, input, {
      ip: '203.0.113.5',
      origin: 'https://clipdock.test',
      idempotent: { scope: 'paste.create:admin', key, bodyHash },
    });
  const pasteCount = async (content: string) =>
    (await m.db.selectFrom('pastes').select('id').where('content', '=', content).execute()).length;

  it('answers a repeat with the first answer and makes the change once', async () => {
    const first = await create({ content: 'once only' }, 'k-repeat');
    const again = await create({ content: 'once only' }, 'k-repeat');
    expect(again).toEqual(first);
    expect(await pasteCount('once only')).toBe(1);
  });

  it('makes one change when repeats arrive at once, and every one gets its answer', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => create({ content: 'raced' }, 'k-race')));
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await pasteCount('raced')).toBe(1);
  });

  it('refuses another body under the same key with 422 and changes nothing', async () => {
    await create({ content: 'first body' }, 'k-body', 'hash-1');
    const error = await create({ content: 'second body' }, 'k-body', 'hash-2').then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: ErrorCode.ValidationFailed, details: { status: 422 } });
    expect(await pasteCount('second body')).toBe(0);
  });

  it('keeps no record of a change that failed, and rolls back what it wrote', async () => {
    const id = randomUUID();
    const now = new Date(m.clock.now()).toISOString();
    const failing = store.once(request('k-fail'), answerSchema, async (repos) => {
      await repos.pastes.insert({
        id,
        slug: `medium-${id.slice(0, 8)}`,
        content: 'rolled back',
        format: 'plain',
        remark: null,
        password_hash: null,
        expires_at: null,
        max_views: null,
        created_by: 'admin:medium-admin',
        created_at: now,
        updated_at: now,
        e2ee: 0,
        e2ee_lock: null,
      });
      throw new AppError(ErrorCode.Conflict, 'the change failed after writing');
    });
    expect(await refusal(failing)).toBe(ErrorCode.Conflict);
    expect(await pasteCount('rolled back')).toBe(0);
    let runs = 0;
    const retried = await store.once(request('k-fail'), answerSchema, async () => {
      runs += 1;
      return { id: 'second try' };
    });
    expect({ retried, runs }).toEqual({ retried: { id: 'second try' }, runs: 1 });
  });

  it('frees a key after 24 h and sweeps it', async () => {
    let runs = 0;
    const change = async () => {
      runs += 1;
      return { id: `run ${runs}` };
    };
    expect(await store.once(request('k-ttl'), answerSchema, change)).toEqual({ id: 'run 1' });
    m.clock.advance(IDEMPOTENCY_TTL_MS - 1);
    expect(await store.once(request('k-ttl'), answerSchema, change)).toEqual({ id: 'run 1' });
    m.clock.advance(1);
    expect(await idempotencySweepTask(m.repos).run(m.clock.now())).toBeGreaterThanOrEqual(1);
    const left = await m.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'k-ttl').execute();
    expect(left).toEqual([]);
    expect(await store.once(request('k-ttl'), answerSchema, change)).toEqual({ id: 'run 2' });
  });

  it('runs every call without a key', async () => {
    let runs = 0;
    const change = async () => {
      runs += 1;
      return { id: `run ${runs}` };
    };
    await store.once(undefined, answerSchema, change);
    await store.once(undefined, answerSchema, change);
    expect(runs).toBe(2);
  });
});
