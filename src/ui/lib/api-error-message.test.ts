import { describe, expect, it } from 'vitest';
import { apiErrorKinds } from '@shared/api-error';
import { createI18n } from '@ui/app/i18n';
import { apiErrorMessage } from './api-error-message';

const none = { getItem: () => null };

describe('apiErrorMessage', () => {
  const { t } = createI18n(none, 'en-US');

  it('uses the spec wording for the fixed messages', () => {
    expect(apiErrorMessage(t, { kind: 'admin-session-expired', serverMessage: 'x' })).toBe(
      'Admin session expired, please log in again.',
    );
    expect(apiErrorMessage(t, { kind: 'api-key-invalid' })).toBe('API key invalid or expired.');
    expect(apiErrorMessage(t, { kind: 'unauthorized', serverMessage: 'x' })).toBe('Unauthorized, please log in.');
    expect(apiErrorMessage(t, { kind: 'timeout' })).toBe('Request timed out.');
    expect(apiErrorMessage(t, { kind: 'cancelled' })).toBe('Request cancelled or timed out.');
    expect(apiErrorMessage(t, { kind: 'network' })).toBe('Network connection failed.');
  });

  it('never shows the server’s own words: every message comes from the locale bundles', () => {
    expect(apiErrorMessage(t, { kind: 'slug-taken', serverMessage: 'taken!' })).toBe(
      'Link suffix already taken, try another.',
    );
    expect(apiErrorMessage(t, { kind: 'incorrect-password', serverMessage: 'incorrect password' })).toBe(
      'Incorrect password.',
    );
    expect(apiErrorMessage(t, { kind: 'not-found', serverMessage: 'upload not found' })).toBe(
      'Not found, or it has expired.',
    );
    expect(apiErrorMessage(t, { kind: 'http', status: 418, serverMessage: 'teapot' })).toBe('HTTP error 418.');
    const zh = createI18n({ getItem: () => 'zh' }, 'en');
    expect(apiErrorMessage(zh.t, { kind: 'incorrect-password', serverMessage: 'incorrect password' })).toBe(
      '密码错误。',
    );
  });

  it('names the fields a validation failure was about', () => {
    const fields = [
      { path: 'slug', message: 'too long' },
      { path: 'slug', message: 'bad characters' },
      { path: 'maxViews', message: 'negative' },
    ];
    expect(apiErrorMessage(t, { kind: 'validation', fields })).toBe(
      'Some of the data sent was not valid: slug, maxViews.',
    );
  });

  it('states the retry delay when rate limited', () => {
    expect(apiErrorMessage(t, { kind: 'rate-limited', retryAfterSeconds: 30 })).toBe(
      'Too many attempts, try again in 30 seconds.',
    );
    expect(apiErrorMessage(t, { kind: 'rate-limited' })).toBe('Too many attempts, try again later.');
  });

  it('has a message for every error kind in both languages', () => {
    for (const language of ['en', 'zh'] as const) {
      const i18n = createI18n({ getItem: () => language }, 'en');
      for (const kind of apiErrorKinds) {
        expect(i18n.exists(`errors.${kind}`), `${language} errors.${kind}`).toBe(true);
      }
    }
    const zh = createI18n({ getItem: () => 'zh' }, 'en');
    expect(apiErrorMessage(zh.t, { kind: 'network' })).toBe('网络连接失败。');
  });
});
