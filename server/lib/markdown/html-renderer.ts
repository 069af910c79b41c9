// User text rendered to safe HTML on the server, for paste pages and file previews: the renderer
// (marked, highlight.js, sanitize-html) loads on the first call, and Markdown results are kept in
// a size-bounded LRU keyed by a hash of the source. Text above RENDER_MAX_CHARS is left to the
// browser: rendering it here would hold the event loop for every other request.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export const RENDER_MAX_CHARS = 256 * 1024;

type Renderers = typeof import('./safe-markdown');

export class HtmlRenderer {
  readonly #cache: LRUCache<string, string>;
  #renderers: Promise<Renderers> | undefined;

  constructor(maxCachedChars = 8 * 1024 * 1024) {
    this.#cache = new LRUCache({ maxSize: maxCachedChars, sizeCalculation: (html, key) => html.length + key.length });
  }

  /** Markdown as sanitised HTML with highlighted code, or undefined when the source is too long to render here. */
  async markdown(source: string): Promise<string | undefined> {
    if (source.length > RENDER_MAX_CHARS) return undefined;
    const key = createHash('sha256').update(source).digest('base64url');
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const html = (await this.#load()).markdownToSafeHtml(source);
    this.#cache.set(key, html);
    return html;
  }

  /** A file's text highlighted by its extension (escaped plain text otherwise), or undefined when too long. */
  async fileText(text: string, filename: string): Promise<string | undefined> {
    if (text.length > RENDER_MAX_CHARS) return undefined;
    return (await this.#load()).highlightFileText(text, filename);
  }

  #load(): Promise<Renderers> {
    this.#renderers ??= import('./safe-markdown');
    return this.#renderers;
  }
}
