// Paste view counting and expiry in the paste services on real SQLite and PostgreSQL, without
// HTTP: every served view is counted once, the last allowed view retires the paste (410 after),
// concurrent viewers of a one-view paste get it exactly once, a peek or an asking visit spends
// nothing, and expiry follows the clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@shared/errors';
import type { PasteCreateInput } from '@shared/api/paste.schema';
import type { AdminAuth } from '@server/modules/auth/auth.types';
import { anonymous } from '@server/modules/auth/auth.types';
import { IdempotencyStore } from '@server/modules/idempotency/idempotency.service';
import { createPasteLimiters } from '@server/modules/pastes/paste-access.service';
import { PasteTokenService } from '@server/modules/pastes/paste-token.service';
import { PasteViewService } from '@server/modules/pastes/paste-view.service';
import { PasteService } from '@server/modules/pastes/paste.service';
import { databaseKinds, openMedium, refusal, type Medium } from './medium-harness';

const admin: AdminAuth = { kind: 'admin', adminId: 'medium-admin', username: 'admin', tokenHash: null };
const hour = 60 * 60 * 1000;

describe.each(databaseKinds)('paste views on %s', (kind) => {
  let m: Medium;
  let pastes: PasteService;
  let views: PasteViewService;
  beforeAll(async () => {
    m = await openMedium(kind, 'paste_views');
    const limiters = createPasteLimiters(m.limiters);
    pastes = new PasteService(m.repos, m.clock, limiters, new IdempotencyStore(m.repos, m.clock));
    views = new PasteViewService(m.repos, m.clock, new PasteTokenService('medium secret', m.clock), limiters);
  });
  afterAll(() => m.close());

  const create = (input: PasteCreateInput) =>
    pastes.create(admin, input, { ip: '203.0.113.5', origin: 'https://clipdock.test', idempotent: undefined });
  const viewsOf = async (id: string) =>
    (await m.db.selectFrom('pastes').select('views').where('id', '=', id).executeTakeFirst())?.views;
  const gone = ErrorCode.Gone;

  it('counts each view of an unlimited paste', async () => {
    const paste = await create({ content: 'hello' });
    for (let i = 0; i < 3; i += 1) expect(await views.view(paste.slug, anonymous)).toMatchObject({ content: 'hello' });
    expect(await viewsOf(paste.id)).toBe(3);
  });

  it('serves a limited paste its allowed views, then retires it and answers 410', async () => {
    const paste = await create({ content: 'twice', maxViews: 2 });
    await views.view(paste.slug, anonymous);
    await views.view(paste.slug, anonymous);
    expect(await viewsOf(paste.id)).toBeUndefined();
    expect(await refusal(views.view(paste.slug, anonymous))).toBe(gone);
    expect(await refusal(views.peek(paste.slug))).toBe(gone);
    expect(await refusal(views.view('never-was', anonymous))).toBe(ErrorCode.NotFound);
  });

  it('serves a one-view paste to exactly one of many concurrent viewers', async () => {
    const paste = await create({ content: 'once', maxViews: 1 });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => views.view(paste.slug, anonymous)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: ErrorCode.Gone });
  });

  it('spends nothing on a peek or on a visit that asks first', async () => {
    const paste = await create({ content: 'careful', maxViews: 2 });
    await views.peek(paste.slug);
    expect(await views.view(paste.slug, anonymous, true)).toEqual({
      slug: paste.slug,
      requiresReveal: true,
      viewsLeft: 2,
    });
    expect(await viewsOf(paste.id)).toBe(0);
    await views.view(paste.slug, anonymous);
    expect(await views.view(paste.slug, anonymous, true)).toMatchObject({ viewsLeft: 1 });
    expect(await viewsOf(paste.id)).toBe(1);
  });

  it('expires with the clock: served until its time, 410 from then on, and deleted', async () => {
    const expiresAt = new Date(m.clock.now() + hour).toISOString();
    const paste = await create({ content: 'soon gone', expiresAt });
    m.clock.advance(hour - 1);
    expect(await views.view(paste.slug, anonymous)).toMatchObject({ content: 'soon gone' });
    m.clock.advance(1);
    expect(await refusal(views.view(paste.slug, anonymous))).toBe(gone);
    expect(await viewsOf(paste.id)).toBeUndefined();
    expect(await refusal(views.view(paste.slug, anonymous))).toBe(gone);
  });

  it('counts a password-protected paste’s view at its unlock, not at the locked answer', async () => {
    const paste = await create({ content: 'secret', password: 'open sesame', maxViews: 1 });
    expect(await views.view(paste.slug, anonymous)).toMatchObject({ requiresPassword: true });
    expect(await viewsOf(paste.id)).toBe(0);
    expect(await refusal(views.unlock(paste.slug, 'wrong', anonymous, '198.51.100.1'))).toBe(ErrorCode.WrongPassword);
    const unlocked = await views.unlock(paste.slug, 'open sesame', anonymous, '198.51.100.1');
    expect(unlocked).toMatchObject({ content: 'secret' });
    expect(await refusal(views.view(paste.slug, anonymous))).toBe(gone);
  });
});
