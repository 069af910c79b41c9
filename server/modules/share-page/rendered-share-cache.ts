// The share views the server rendered lately (src/ui/ssr through react-dom/server, most of a share
// page's CPU), kept in memory and bounded by bytes, oldest out first. A key names everything the
// view is drawn from except what changes on every request, so an edit (a new updated time, read
// from the database on every request by every instance) makes a new key and the old entry ages
// out: no instance needs telling. What changes per request (a paste's view count) is drawn as a
// per-process placeholder and put in after (share-page.service.ts).
const KEPT_BYTES = 4 * 1024 * 1024;

export class RenderedShareCache {
  readonly #kept = new Map<string, string>();
  #bytes = 0;

  constructor(private readonly capacity = KEPT_BYTES) {}

  get size(): number {
    return this.#kept.size;
  }

  get(key: string): string | undefined {
    const html = this.#kept.get(key);
    if (html === undefined) return undefined;
    this.#kept.delete(key);
    this.#kept.set(key, html);
    return html;
  }

  set(key: string, html: string): void {
    const size = (key.length + html.length) * 2;
    if (size > this.capacity) return;
    const old = this.#kept.get(key);
    if (old !== undefined) {
      this.#kept.delete(key);
      this.#bytes -= (key.length + old.length) * 2;
    }
    for (const [oldest, entry] of this.#kept) {
      if (this.#bytes + size <= this.capacity) break;
      this.#kept.delete(oldest);
      this.#bytes -= (oldest.length + entry.length) * 2;
    }
    this.#kept.set(key, html);
    this.#bytes += size;
  }
}
