// The scaled card pictures made lately, in memory: bounded by bytes (oldest out first), keyed by the
// stored object's storage, key, size and ETag, so a changed file is never answered with its old
// picture and no entry outlives its use for long. Concurrent asks for one picture share one making.
import type { CardPicture } from './card-image-maker';

const KEPT_BYTES = 16 * 1024 * 1024;

export class CardImageCache {
  readonly #kept = new Map<string, CardPicture>();
  readonly #making = new Map<string, Promise<CardPicture>>();
  #bytes = 0;

  constructor(private readonly capacity = KEPT_BYTES) {}

  get size(): number {
    return this.#kept.size;
  }

  /** The kept picture for `key`, else `make()`'s, kept for next time. */
  async get(key: string, make: () => Promise<CardPicture>): Promise<CardPicture> {
    const kept = this.#kept.get(key);
    if (kept !== undefined) {
      // Most recently used last.
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept;
    }
    const pending = this.#making.get(key);
    if (pending !== undefined) return pending;
    const making = make().finally(() => this.#making.delete(key));
    this.#making.set(key, making);
    const made = await making;
    this.#keep(key, made);
    return made;
  }

  #keep(key: string, picture: CardPicture): void {
    if (picture.bytes.byteLength > this.capacity || this.#kept.has(key)) return;
    for (const [oldest, entry] of this.#kept) {
      if (this.#bytes + picture.bytes.byteLength <= this.capacity) break;
      this.#kept.delete(oldest);
      this.#bytes -= entry.bytes.byteLength;
    }
    this.#kept.set(key, picture);
    this.#bytes += picture.bytes.byteLength;
  }
}
