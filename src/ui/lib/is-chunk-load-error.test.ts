import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './is-chunk-load-error';

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports in each browser wording', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/upload-1.js',
      'error loading dynamically imported module: http://x/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message), true)).toBe(true);
    }
  });

  it('treats a fetch failure while offline as a load failure, not while online', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'), false)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'), true)).toBe(false);
    expect(isChunkLoadError(new Error('render bug'), true)).toBe(false);
    expect(isChunkLoadError('nope', false)).toBe(false);
  });
});
