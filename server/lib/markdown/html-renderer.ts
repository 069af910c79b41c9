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

/** How long a source that was too complex is answered escaped before it may be tried again. */
const TOO_COMPLEX_TTL_MS = 60 * 60 * 1000;

/** Rendered HTML, or the text escaped with the reason it was not rendered. */
export type RenderedHtml = { html: string; unrendered?: Unrendered };

type Cached = { html: string } | { tooComplex: true };

export class HtmlRenderer {
  readonly #cache: LRUCache<string, Cached>;
  readonly #pool: RenderPool;

  constructor({ maxCachedChars = 8 * 1024 * 1024, ...pool }: RenderPoolOptions & { maxCachedChars?: number } = {}) {
    this.#cache = new LRUCache({
      maxSize: maxCachedChars,
      sizeCalculation: (entry, key) => ('html' in entry ? entry.html.length : 0) + key.length,
    });
    this.#pool = new RenderPool(pool);
  }

  /** Markdown as sanitised HTML with highlighted code, or undefined when the source is too long to render here. */
  async markdown(source: string): Promise<RenderedHtml | undefined> {
    if (source.length > RENDER_MAX_CHARS) return undefined;
    const key = createHash('sha256').update(source).digest('base64url');
    const cached = this.#cache.get(key);
    if (cached !== undefined) return 'html' in cached ? cached : tooComplex(source);
    const outcome = await this.#pool.render({ kind: 'markdown', source });
    if ('html' in outcome) {
      this.#cache.set(key, { html: outcome.html });
      return { html: outcome.html };
    }
    if (outcome.unrendered === 'too-complex') this.#cache.set(key, { tooComplex: true }, { ttl: TOO_COMPLEX_TTL_MS });
    return { html: unrenderedMarkdownHtml(source), unrendered: outcome.unrendered };
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

function tooComplex(source: string): RenderedHtml {
  return { html: unrenderedMarkdownHtml(source), unrendered: 'too-complex' };
}
