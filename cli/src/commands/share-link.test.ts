import { describe, expect, it } from 'vitest';
import { CliError } from '@cli/output/exit-codes';
import { parseShareLink } from './share-link';

describe('share links', () => {
  it('finds the server, the kind and the slug', () => {
    expect(parseShareLink('https://clip.example.com/paste/AbC123')).toEqual({
      server: 'https://clip.example.com',
      kind: 'paste',
      slug: 'AbC123',
      secret: null,
    });
    expect(parseShareLink('http://127.0.0.1:8787/file/x_y-z/')).toEqual({
      server: 'http://127.0.0.1:8787',
      kind: 'file',
      slug: 'x_y-z',
      secret: null,
    });
    expect(parseShareLink('https://example.com/tools/clip/file/abc?x=1#k')).toEqual({
      server: 'https://example.com/tools/clip',
      kind: 'file',
      slug: 'abc',
      secret: null,
    });
  });

  it("takes an encrypted share's key from the fragment only", () => {
    const key = `${'A'.repeat(42)}Q`;
    expect(parseShareLink(`https://clip.example.com/file/abc#k=${key}`).secret).toHaveLength(32);
    expect(parseShareLink(`https://clip.example.com/file/abc?k=${key}`).secret).toBeNull();
    expect(parseShareLink('https://clip.example.com/file/abc#k=short').secret).toBeNull();
  });

  it('refuses what is not a share link, with a usage error', () => {
    for (const text of [
      'clip.example.com/paste/a',
      'https://clip.example.com/',
      'https://c.example/paste',
      'ftp://c/file/a',
    ])
      expect(() => parseShareLink(text), text).toThrow(CliError);
  });
});
