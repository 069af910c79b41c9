// User text rendered to safe HTML on the server, for paste pages and file previews. Every render
// runs on a worker thread with a time budget (render-pool.ts); Markdown results are kept in a
// size-bounded LRU keyed by a hash of the source, and so is the verdict on a source that ran over
// its budget or broke the renderer, which is answered escaped without being tried again for a
// while. Text above RENDER_MAX_CHARS is left to the browser, which renders in a worker of its own.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { escapeHtml, type Unrendered, unrenderedMarkdownHtml } from '@shared/markdown/unrendered';
import { RenderPool, type RenderPoolOptions } from './render-pool';

export const RENDER_MAX_CHARS = 256 * 1024;

/**
 * How long a source that was too complex is answered escaped before it may be tried again: long
 * enough that asking again costs nothing, short enough that a paste judged on a starved machine
 * (the budget is wall time) gets another chance.
 */
const TOO_COMPLEX_TTL_MS = 10 * 60 * 1000;

/** Rendered HTML, or the text escaped with the reason it was not rendered. */
export type RenderedHtml = { html: string; unrendered?: Unrendered };

export class HtmlRenderer {
  readonly #cache: LRUCache<string, RenderedHtml>;
  readonly #pool: RenderPool;

  constructor({ maxCachedChars = 8 * 1024 * 1024, ...pool }: RenderPoolOptions & { maxCachedChars?: number } = {}) {
    this.#cache = new LRUCache({
      maxSize: maxCachedChars,
      sizeCalculation: (entry, key) => entry.html.length + key.length,
    });
    this.#pool = new RenderPool(pool);
  }

  /** Markdown as sanitised HTML with highlighted code, or undefined when the source is too long to render here. */
  async markdown(source: string): Promise<RenderedHtml | undefined> {
    if (source.length > RENDER_MAX_CHARS) return undefined;
    const key = createHash('sha256').update(source).digest('base64url');
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const outcome = await this.#pool.render({ kind: 'markdown', source });
    if ('html' in outcome) {
      const rendered = { html: outcome.html };
      this.#cache.set(key, rendered);
      return rendered;
    }
    const escaped: RenderedHtml = { html: unrenderedMarkdownHtml(source), unrendered: outcome.unrendered };
    // The verdict is kept with the escaped text, so asking again costs neither a render nor an escape.
    if (outcome.unrendered === 'too-complex') this.#cache.set(key, escaped, { ttl: TOO_COMPLEX_TTL_MS });
    return escaped;
  }

  /** A file's text highlighted by its extension (escaped plain text otherwise), or undefined when too long. */
  async fileText(text: string, filename: string): Promise<RenderedHtml | undefined> {
    if (text.length > RENDER_MAX_CHARS) return undefined;
    const outcome = await this.#pool.render({ kind: 'file-text', text, filename });
    return 'html' in outcome ? { html: outcome.html } : { html: escapeHtml(text), unrendered: outcome.unrendered };
  }

  /** Stops the render workers. */
  close(): Promise<void> {
    return this.#pool.close();
  }
}
