// Paste Markdown rendered to safe HTML once per content: the renderer (marked, highlight.js,
// sanitize-html) loads on the first call, results are kept in a size-bounded LRU keyed by a hash
// of the source. Content above RENDER_MAX_CHARS is left to the browser: rendering it here would
// hold the event loop for every other request.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export const RENDER_MAX_CHARS = 256 * 1024;

type Render = (source: string) => string;

export class MarkdownHtml {
  readonly #cache: LRUCache<string, string>;
  #render: Promise<Render> | undefined;

  constructor(maxCachedChars = 8 * 1024 * 1024) {
    this.#cache = new LRUCache({ maxSize: maxCachedChars, sizeCalculation: (html, key) => html.length + key.length });
  }

  /** The sanitised HTML, or undefined when the source is too long to render here. */
  async render(source: string): Promise<string | undefined> {
    if (source.length > RENDER_MAX_CHARS) return undefined;
    const key = createHash('sha256').update(source).digest('base64url');
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    this.#render ??= import('./safe-markdown').then((module) => module.markdownToSafeHtml);
    const html = (await this.#render)(source);
    // One huge result must not flush the whole cache.
    if (html.length <= RENDER_MAX_CHARS * 4) this.#cache.set(key, html);
    return html;
  }
}
