import { beforeEach, describe, expect, it } from 'vitest';
import { adoptSessionPreloads } from './session-preloads';

const storageWith = (values: Partial<Record<string, string>>) => ({ getItem: (key: string) => values[key] ?? null });
const preloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('the preloads kept for a stored session', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<link rel="modulepreload" href="/assets/start.js"><template data-session-preloads><link rel="modulepreload" href="/assets/start-services.js"></template>' +
      '<template data-session-preloads><link rel="modulepreload" href="/assets/explorer.js"><link rel="modulepreload" href="/assets/screen-explorer-session.js"></template>';
  });

  it.each([{ admin_token: 'token' }, { api_key: 'key' }])(
    'join the head when a credential is stored, from every template (%o)',
    (stored) => {
      adoptSessionPreloads(document, storageWith(stored));
      expect(preloads()).toEqual([
        '/assets/start.js',
        '/assets/start-services.js',
        '/assets/explorer.js',
        '/assets/screen-explorer-session.js',
      ]);
      expect(document.querySelector('template[data-session-preloads]')).toBeNull();
    },
  );

  it('stay inert without a session, or with a blank credential', () => {
    for (const stored of [{}, { admin_token: '  ' }, { api_key: '' }]) {
      adoptSessionPreloads(document, storageWith(stored));
      expect(preloads()).toEqual(['/assets/start.js']);
      expect(document.querySelector('template[data-session-preloads]')).not.toBeNull();
    }
  });

  it('do nothing on a page without any', () => {
    document.head.innerHTML = '<link rel="modulepreload" href="/assets/start.js">';
    adoptSessionPreloads(document, storageWith({ admin_token: 'token' }));
    expect(preloads()).toEqual(['/assets/start.js']);
  });
});
