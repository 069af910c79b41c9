import { describe, expect, it } from 'vitest';
import { chooseEncoding, isCompressibleType, varyOnEncoding } from './content-encoding';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and sends identity when nothing is asked for', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('deflate, zstd')).toBeUndefined();
  });

  it('follows q-values, wildcards and refusals', () => {
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*;q=0.5')).toBe('br');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('BR ; Q=1')).toBe('br');
    expect(chooseEncoding('br;q=oops, gzip')).toBe('gzip');
  });

  it('chooses only among the copies that exist', () => {
    expect(chooseEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('br', ['gzip'])).toBeUndefined();
    expect(chooseEncoding('br, gzip', [])).toBeUndefined();
  });
});

describe('isCompressibleType', () => {
  it('takes text, JSON, JavaScript, XML and SVG, and leaves media, archives and event streams', () => {
    for (const type of [
      'application/json; charset=UTF-8',
      'text/plain',
      'text/html; charset=utf-8',
      'text/javascript',
      'application/manifest+json',
      'image/svg+xml',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
    for (const type of [
      'image/png',
      'video/mp4',
      'application/zip',
      'application/octet-stream',
      'text/event-stream',
      '',
      null,
      undefined,
    ]) {
      expect(isCompressibleType(type), String(type)).toBe(false);
    }
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding once, keeping what is there', () => {
    expect(varyOnEncoding(null)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('origin, accept-encoding')).toBe('origin, accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });
});
