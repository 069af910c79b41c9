// The hand-written envelope must be byte for byte what JSON.stringify of the object gives.
import { describe, expect, it } from 'vitest';
import { envelopeJson, envelopeResponse } from './envelope';

describe('envelopeJson', () => {
  it('matches JSON.stringify of {code, message, data, success}', () => {
    const cases: [number, string, unknown][] = [
      [200, 'ok', { slug: 'abc', content: 'line "one"\n\u2028two', views: 3, tags: [1, null] }],
      [201, 'paste created', null],
      [404, 'paste "x" not found', { error: 'NOT_FOUND' }],
      [200, 'ok', undefined],
      [200, 'ok', 'text'],
    ];
    for (const [code, message, data] of cases) {
      expect(envelopeJson(code, message, data)).toBe(JSON.stringify({ code, message, data, success: code < 400 }));
    }
  });

  it('declares the byte length of the body', async () => {
    const response = envelopeResponse(200, 'ok', { text: 'é ✓' }, { 'retry-after': '3' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
  });
});
