import { describe, expect, it } from 'vitest';
import { parseBackendUrl } from './backend-url';

describe('parseBackendUrl', () => {
  it('accepts http and https addresses and drops the trailing slash', () => {
    expect(parseBackendUrl(' https://clip.example.com/ ')).toEqual({ ok: true, url: 'https://clip.example.com' });
    expect(parseBackendUrl('http://localhost:8787/api')).toEqual({ ok: true, url: 'http://localhost:8787/api' });
  });

  it('refuses empty input, other schemes and URLs with credentials or a query', () => {
    expect(parseBackendUrl('  ')).toEqual({ ok: false, error: 'required' });
    expect(parseBackendUrl('clip.example.com')).toEqual({ ok: false, error: 'invalid' });
    expect(parseBackendUrl('ftp://clip.example.com')).toEqual({ ok: false, error: 'invalid' });
    expect(parseBackendUrl('javascript:alert(1)')).toEqual({ ok: false, error: 'invalid' });
    expect(parseBackendUrl('https://user:pw@clip.example.com')).toEqual({ ok: false, error: 'invalid' });
    expect(parseBackendUrl('https://clip.example.com/?x=1')).toEqual({ ok: false, error: 'invalid' });
  });
});
