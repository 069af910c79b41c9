// The share pages the server rendered lately (src/ui/ssr through react-dom/server, most of a share
// page's CPU), kept in memory and bounded by bytes, oldest out first: the rendered view and the
// page's JSON, so a kept page's request neither renders, nor reads its Markdown's rendering, nor
// writes its answer as JSON again. A key names everything the page is drawn from except what
// changes on every request, so an edit (a new updated time, read from the database on every
// request by every instance) makes a new key and the old entry ages out: no instance needs telling.
// What changes per request (a paste's view count) is drawn as a per-process placeholder, and the
// texts are kept cut at it, to be joined with the real count (share-page.service.ts).
const KEPT_BYTES = 4 * 1024 * 1024;

/** A kept page: its view and its JSON, each as the pieces around the per-request value. */
export type KeptSharePage = { html: readonly string[]; data: readonly string[] };

const textLength = (pieces: readonly string[]) => pieces.reduce((sum, piece) => sum + piece.length, 0);
const sizeOf = (key: string, page: KeptSharePage) => (key.length + textLength(page.html) + textLength(page.data)) * 2;

export class RenderedShareCache {
  readonly #kept = new Map<string, KeptSharePage>();
  #bytes = 0;

  constructor(private readonly capacity = KEPT_BYTES) {}

  get size(): number {
    return this.#kept.size;
  }

  get(key: string): KeptSharePage | undefined {
    const page = this.#kept.get(key);
    if (page === undefined) return undefined;
    this.#kept.delete(key);
    this.#kept.set(key, page);
    return page;
  }

  set(key: string, page: KeptSharePage): void {
    const size = sizeOf(key, page);
    if (size > this.capacity) return;
    const old = this.#kept.get(key);
    if (old !== undefined) {
      this.#kept.delete(key);
      this.#bytes -= sizeOf(key, old);
    }
    for (const [oldest, entry] of this.#kept) {
      if (this.#bytes + size <= this.capacity) break;
      this.#kept.delete(oldest);
      this.#bytes -= sizeOf(oldest, entry);
    }
    this.#kept.set(key, page);
    this.#bytes += size;
  }
}
