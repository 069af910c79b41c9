import { describe, expect, it } from 'vitest';
import { ifHolds, IfHeaderError, parseIfHeader, submittedTokens } from './webdav-if';
import { timeoutOf } from './webdav-locks';
import { viaOf } from './webdav-upload-mode';

const token = 'opaquelocktoken:6c5b1a8e-0000-4000-8000-000000000001';
const state =
  (etag: string | null, tokens: string[] = []) =>
  () => ({ etag, tokens: new Set(tokens) });

describe('the If header', () => {
  it('parses untagged lists of tokens, entity tags and Not', () => {
    expect(parseIfHeader(`(<${token}> ["abc"]) (Not <DAV:no-lock>)`)).toEqual([
      {
        resource: null,
        conditions: [
          { not: false, token },
          { not: false, etag: '"abc"' },
        ],
      },
      { resource: null, conditions: [{ not: true, token: 'DAV:no-lock' }] },
    ]);
  });

  it('parses tagged lists, each about its resource', () => {
    const lists = parseIfHeader(`<http://h/dav/a> (<${token}>) <http://h/dav/b> (["x"])`);
    expect(lists.map((list) => list.resource)).toEqual(['http://h/dav/a', 'http://h/dav/b']);
  });

  it('refuses malformed headers', () => {
    for (const header of ['', '(', '()', `(<${token}>`, `(<${token}>) <http://h/x> (<a>)`, 'token'])
      expect(() => parseIfHeader(header), header).toThrow(IfHeaderError);
  });

  it('holds when any list holds, and a list when all its conditions do', () => {
    expect(ifHolds(parseIfHeader(`(<${token}> ["abc"])`), state('"abc"', [token]))).toBe(true);
    expect(ifHolds(parseIfHeader(`(<${token}> ["other"])`), state('"abc"', [token]))).toBe(false);
    expect(ifHolds(parseIfHeader(`(<${token}>) (Not <DAV:no-lock>)`), state('"abc"'))).toBe(true);
    expect(ifHolds(parseIfHeader('(<DAV:no-lock>)'), state('"abc"'))).toBe(false);
    expect(ifHolds(parseIfHeader('(["abc"])'), state(null))).toBe(false);
    expect(ifHolds(parseIfHeader('([W/"abc"])'), state('abc'))).toBe(true);
  });

  it('submits every token it names outside Not', () => {
    expect([...submittedTokens(parseIfHeader(`(<${token}>) (Not <DAV:no-lock>)`))]).toEqual([token]);
  });
});

describe('lock timeouts and upload modes', () => {
  it('reads the first usable Timeout value, capped at a day', () => {
    expect(timeoutOf(undefined)).toBe(600);
    expect(timeoutOf('Second-30')).toBe(30);
    expect(timeoutOf('Infinite, Second-4100000000')).toBe(86_400);
    expect(timeoutOf('Bogus, Second-99999999')).toBe(86_400);
  });

  it('picks direct, multipart or presigned by the setting and the size', () => {
    const mb = 1024 * 1024;
    expect([10 * mb, 10 * mb + 1, 50 * mb + 1, null].map((size) => viaOf('auto', size))).toEqual([
      'direct',
      'multipart',
      'presigned',
      'multipart',
    ]);
    expect(viaOf('proxy', 1)).toBe('presigned');
    expect(viaOf('direct', null)).toBe('direct');
    expect(viaOf('multipart', 1)).toBe('multipart');
  });
});
