import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, urlFilename } from './url-filename';

describe('the name of a URL’s file', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=plain.txt', 'plain.txt'],
    ['attachment; filename="fallback.txt"; filename*=UTF-8\'\'%E6%8A%A5%E5%91%8A.txt', '报告.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="a\\"b.txt"', 'a"b.txt'],
    ['inline', null],
    ['attachment; filename=".."', null],
  ])('%s gives %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });

  it('falls back to the last path segment, decoded, then to the host', () => {
    expect(urlFilename(undefined, new URL('https://example.com/files/My%20Photo.jpg?x=1'))).toBe('My Photo.jpg');
    expect(urlFilename(undefined, new URL('https://example.com/'))).toBe('example.com');
    expect(urlFilename('attachment; filename="named.bin"', new URL('https://example.com/raw'))).toBe('named.bin');
  });
});
