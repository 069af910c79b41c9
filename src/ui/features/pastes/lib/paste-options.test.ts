import { describe, expect, it } from 'vitest';
import { emptyOptions, optionsProblems, passphraseOf, toCreateInput, toUpdateInput } from './paste-options';

const now = Date.parse('2030-01-01T00:00:00.000Z');

describe('paste options', () => {
  it('flags empty content, a bad slug and bad max views', () => {
    expect(optionsProblems(' ', { ...emptyOptions, slug: 'a b', maxViews: '-2' })).toEqual({
      content: 'empty',
      slug: 'characters',
      maxViews: 'invalid',
    });
    expect(optionsProblems('# hi', emptyOptions)).toEqual({});
  });

  it('builds a create body with only the options set', () => {
    expect(toCreateInput({ content: 'text', format: 'markdown' }, emptyOptions, now)).toEqual({
      content: 'text',
      format: 'markdown',
    });
    const full = {
      ...emptyOptions,
      remark: ' note ',
      slug: 'my-note',
      password: 'pw',
      expiry: '1h' as const,
      maxViews: '2',
    };
    expect(toCreateInput({ content: 'text', format: 'plain' }, full, now)).toEqual({
      content: 'text',
      format: 'plain',
      remark: 'note',
      slug: 'my-note',
      password: 'pw',
      expiresAt: '2030-01-01T01:00:00.000Z',
      maxViews: 2,
    });
  });

  it('sends only the changed fields on edit and null to clear', () => {
    const original = { content: 'a', format: 'markdown' as const, remark: 'r', slug: 's', maxViews: 3 };
    const kept = { ...emptyOptions, remark: 'r', slug: 's', expiry: 'keep' as const, maxViews: '3' };
    expect(toUpdateInput(original, { content: 'a', format: 'markdown' }, kept, now)).toEqual({});
    const changed = { ...kept, remark: '', maxViews: '0', expiry: 'never' as const, clearPassword: true };
    expect(toUpdateInput(original, { content: 'b', format: 'plain' }, changed, now)).toEqual({
      content: 'b',
      format: 'plain',
      remark: null,
      expiresAt: null,
      maxViews: null,
      password: null,
    });
  });

  it('refuses a short passphrase for an encrypted paste, and ignores one left in a plain paste', () => {
    const sealed = { ...emptyOptions, e2ee: true };
    expect(optionsProblems('text', { ...sealed, passphrase: 'seven77' })).toEqual({ passphrase: 'short' });
    expect(optionsProblems('text', { ...sealed, passphrase: 'eight888' })).toEqual({});
    expect(passphraseOf({ ...sealed, passphrase: 'eight888' })).toBe('eight888');
    expect(passphraseOf({ ...sealed, passphrase: '' })).toBeUndefined();
    expect(passphraseOf({ ...emptyOptions, passphrase: 'eight888' })).toBeUndefined();
  });
});
