import { describe, expect, it } from 'vitest';
import { emptyShareForm, shareRequestFrom } from './share-form';

const path = '/local/docs/plan.pdf';

describe('the explorer’s share form', () => {
  it('sends only the path when nothing is set', () => {
    expect(shareRequestFrom(path, emptyShareForm)).toEqual({ ok: true, request: { path } });
  });

  it('sends every setting that is filled in, the expiry as hours', () => {
    const form = { password: 'pw', expiry: '7d', maxViews: ' 3 ', remark: ' plan ', slug: ' q3-plan ' } as const;
    expect(shareRequestFrom(path, form)).toEqual({
      ok: true,
      request: { path, password: 'pw', expires_in: 168, max_views: 3, remark: 'plan', slug: 'q3-plan' },
    });
  });

  it('treats a view limit of 0 as unlimited', () => {
    expect(shareRequestFrom(path, { ...emptyShareForm, maxViews: '0' })).toEqual({ ok: true, request: { path } });
  });

  it.each([
    [{ slug: 'has space' }, { slug: 'slugChars' }],
    [{ slug: 'admin' }, { slug: 'slugReserved' }],
    [{ slug: 'x'.repeat(200) }, { slug: 'slugLength' }],
    [{ maxViews: '-1' }, { maxViews: 'maxViews' }],
    [{ maxViews: '1.5' }, { maxViews: 'maxViews' }],
    [{ maxViews: 'many' }, { maxViews: 'maxViews' }],
  ])('refuses %o before sending', (change, problems) => {
    expect(shareRequestFrom(path, { ...emptyShareForm, ...change })).toEqual({ ok: false, problems });
  });
});
