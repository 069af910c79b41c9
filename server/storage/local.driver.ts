// The embedded default backend: objects live under DATA_DIR/blobs/<configId>/objects, with a
// small JSON sidecar (ETag, content type) under meta/. Presigned URLs point at /api/blob.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { UrlSigner } from '@server/lib/signed-url';
import { signBlobUrl, type BlobGrant } from './local-blob-url';
import { checkKey, inside, isMissing, writeAtomic, writeFileAtomic } from './local-files';
import { LocalMultipart } from './local-multipart';
import { firstAfter, LocalDirCache } from './local-dir-cache';
import type {
  ByteRange,
  CheckResult,
  ListedObject,
  ListedPart,
  ListOptions,
  ListPage,
  ObjectBody,
  ObjectHead,
  PresignGetOptions,
  PresignPartOptions,
  PresignPutOptions,
  StorageDriver,
  UploadedPart,
} from './storage-driver';
import { StorageError } from './storage-driver';

const metaSchema = z.object({ etag: z.string(), contentType: z.string().nullable() });
const emptyEtag = '"d41d8cd98f00b204e9800998ecf8427e"';

type Walked = { key: string; folder: boolean };

export type LocalDriverOptions = { configId: string; root: string; signer: UrlSigner; now: () => number };

export class LocalDriver implements StorageDriver {
  readonly kind = 'local';
  readonly multipart: LocalMultipart;
  readonly #objects: string;
  readonly #meta: string;
  readonly #dirs: LocalDirCache;

  constructor(private readonly options: LocalDriverOptions) {
    this.#objects = join(options.root, 'objects');
    this.#meta = join(options.root, 'meta');
    this.multipart = new LocalMultipart(join(options.root, 'uploads'));
    this.#dirs = new LocalDirCache(32, options.now);
  }

  async presignPut(key: string, { expiresIn, contentType, contentLength }: PresignPutOptions): Promise<string> {
    checkKey(key);
    return this.#sign({ method: 'PUT', key, contentType, length: contentLength }, expiresIn);
  }

  async presignGet(key: string, { expiresIn, contentType, contentDisposition }: PresignGetOptions): Promise<string> {
    checkKey(key);
    return this.#sign({ method: 'GET', key, contentType, disposition: contentDisposition }, expiresIn);
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    checkKey(key);
    return this.multipart.create(key, contentType);
  }

  async presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    { expiresIn, contentLength }: PresignPartOptions,
  ): Promise<string> {
    await this.multipart.manifest(key, uploadId);
    return this.#sign({ method: 'PUT', key, uploadId, partNumber, length: contentLength }, expiresIn);
  }

  async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]): Promise<string> {
    const { etag, contentType } = await this.multipart.complete(key, uploadId, parts, this.#objectPath(key));
    await this.#writeMeta(key, etag, contentType);
    return etag;
  }

  abortMultipart(_key: string, uploadId: string): Promise<void> {
    return this.multipart.abort(uploadId);
  }

  listParts(key: string, uploadId: string): Promise<ListedPart[]> {
    return this.multipart.list(key, uploadId);
  }

  putPart(key: string, uploadId: string, partNumber: number, body: Readable, contentLength: number): Promise<string> {
    return this.multipart.putPart(key, uploadId, partNumber, Readable.from(exactly(body, contentLength)));
  }

  async putObject(key: string, body: Readable, contentType: string): Promise<{ etag: string; size: number }> {
    const path = this.#objectPath(key);
    if (key.endsWith('/')) {
      body.resume();
      await mkdir(path, { recursive: true });
      return { etag: emptyEtag, size: 0 };
    }
    const written = await writeAtomic(path, body);
    const etag = `"${written.md5.toString('hex')}"`;
    await this.#writeMeta(key, etag, contentType);
    return { etag, size: written.size };
  }

  async getObject(key: string, range?: ByteRange): Promise<ObjectBody> {
    const head = await this.head(key);
    if (head === null) throw new StorageError('not-found', 'no such object');
    if (key.endsWith('/')) return { ...head, body: Readable.from([]), contentLength: 0, totalSize: 0, range: null };
    if (range !== undefined && (range.start > range.end || range.end >= head.size))
      throw new StorageError('bad-range', 'range not satisfiable');
    const body = createReadStream(
      this.#objectPath(key),
      range === undefined ? {} : { start: range.start, end: range.end },
    );
    const contentLength = range === undefined ? head.size : range.end - range.start + 1;
    return {
      body,
      contentLength,
      totalSize: head.size,
      range: range ?? null,
      etag: head.etag,
      contentType: head.contentType,
    };
  }

  async head(key: string): Promise<ObjectHead | null> {
    const path = this.#objectPath(key);
    try {
      const info = await stat(path);
      if (key.endsWith('/') !== info.isDirectory()) return null;
      if (info.isDirectory())
        return { size: 0, etag: emptyEtag, contentType: 'application/x-directory', lastModified: info.mtime };
      const meta = await this.#readMeta(key);
      // A file put into the folder by hand has no sidecar: it gets an ETag from size and time.
      const etag = meta?.etag ?? `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
      return { size: info.size, etag, contentType: meta?.contentType ?? null, lastModified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async list(prefix: string, { delimiter, token = null, limit = 1000 }: ListOptions = {}): Promise<ListPage> {
    const cut = prefix.lastIndexOf('/') + 1;
    const shallow = delimiter === '/';
    const found: Walked[] = [];
    await this.#walk(prefix.slice(0, cut), prefix.slice(cut), shallow, token, limit + 1, found);
    const page = found.slice(0, limit);
    const objects = await Promise.all(
      page.filter((entry) => !(shallow && entry.folder)).map((entry) => this.#describe(entry)),
    );
    return {
      objects: objects.filter((object): object is ListedObject => object !== null),
      prefixes: shallow ? page.filter((entry) => entry.folder).map((entry) => entry.key) : [],
      nextToken: found.length > limit ? (page.at(-1)?.key ?? null) : null,
    };
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const head = await this.head(fromKey);
    if (head === null) throw new StorageError('not-found', 'no such object');
    await writeAtomic(this.#objectPath(toKey), createReadStream(this.#objectPath(fromKey)));
    await this.#writeMeta(toKey, head.etag, head.contentType);
  }

  /**
   * A file moved by one rename (the sidecar goes first, so a crash between the two leaves the file
   * whole at its source; a sidecar without its file is never read). A folder in the way refuses it.
   */
  async rename(fromKey: string, toKey: string): Promise<void> {
    const from = this.#objectPath(fromKey);
    const to = this.#objectPath(toKey);
    const info = await stat(from).catch(() => null);
    if (info === null || info.isDirectory() || fromKey.endsWith('/') || toKey.endsWith('/'))
      throw new StorageError('not-found', 'no such object');
    const meta = await this.#readMeta(fromKey);
    if (meta !== null) await this.#writeMeta(toKey, meta.etag, meta.contentType);
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
    } catch (error) {
      if (error instanceof Error && 'code' in error && (error.code === 'EISDIR' || error.code === 'ENOTDIR')) {
        // No file is at the target (a folder is): the sidecar just written there belongs to nothing.
        if (meta !== null) await rm(this.#metaPath(toKey), { force: true });
        throw new StorageError('conflict', 'a folder is where the file would go');
      }
      throw error;
    }
    await rm(this.#metaPath(fromKey), { force: true });
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await rm(this.#objectPath(key), { recursive: key.endsWith('/'), force: true });
      if (!key.endsWith('/')) await rm(this.#metaPath(key), { force: true });
    }
  }

  async checkCors(): Promise<CheckResult> {
    return { ok: true, outcome: 'cors-local', message: 'the local driver serves uploads from Clipdock itself' };
  }

  async applyCors(): Promise<void> {}

  /**
   * Appends the entries under `dir` whose names start with `namePrefix`, in key order and after
   * `token`, until `out` holds `want`. Folders sort as `name/` (as S3 keys do); a recursive walk
   * yields each folder's marker before its contents and skips subtrees wholly before the token,
   * so a page costs one directory read per level plus the entries it returns.
   */
  async #walk(
    dir: string,
    namePrefix: string,
    shallow: boolean,
    token: string | null,
    want: number,
    out: Walked[],
  ): Promise<void> {
    const listed = await this.#dirs.entries(dir === '' ? this.#objects : this.#objectPath(dir));
    if (listed === null) return;
    const relative = token?.startsWith(dir) ? token.slice(dir.length) : null;
    const from = relative === null ? (token !== null && token > dir ? listed.length : 0) : firstAfter(listed, relative);
    for (let i = from; i < listed.length && out.length < want; i += 1) {
      const entry = listed[i];
      if (entry === undefined || !entry.key.startsWith(namePrefix)) continue;
      const key = `${dir}${entry.key}`;
      const after = token === null || key > token;
      if (!entry.folder || shallow) {
        if (after) out.push({ key, folder: entry.folder });
        continue;
      }
      if (after) out.push({ key, folder: true });
      await this.#walk(key, '', false, token, want, out);
    }
  }

  /**
   * Size and time of a listed key (null when it vanished meanwhile). Listings carry no ETag here:
   * it lives in each file's sidecar, and reading 1,000 of them would cost more than the page.
   */
  async #describe({ key, folder }: Walked): Promise<ListedObject | null> {
    const info = await stat(this.#objectPath(key)).catch(() => null);
    if (info === null || info.isDirectory() !== folder) return null;
    return { key, size: folder ? 0 : info.size, etag: folder ? emptyEtag : null, lastModified: info.mtime };
  }

  #sign(grant: Omit<BlobGrant, 'configId' | 'exp'>, expiresIn: number): string {
    const exp = Math.floor(this.options.now() / 1000) + expiresIn;
    return signBlobUrl(this.options.signer, { ...grant, configId: this.options.configId, exp });
  }

  #objectPath(key: string): string {
    checkKey(key);
    return inside(this.#objects, key);
  }

  /** `<key>.json`; a name too long for `.json` on top (over 250 bytes) is kept under a hash of itself. */
  #metaPath(key: string): string {
    checkKey(key);
    const cut = key.lastIndexOf('/') + 1;
    const name = key.slice(cut);
    const metaName =
      Buffer.byteLength(name) > 250 ? `.clipdock-long-${createHash('sha256').update(name).digest('hex')}` : name;
    return inside(this.#meta, `${key.slice(0, cut)}${metaName}.json`);
  }

  async #readMeta(key: string): Promise<z.infer<typeof metaSchema> | null> {
    try {
      return metaSchema.parse(JSON.parse(await readFile(this.#metaPath(key), 'utf8')));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async #writeMeta(key: string, etag: string, contentType: string | null): Promise<void> {
    await writeFileAtomic(this.#metaPath(key), JSON.stringify({ etag, contentType }));
  }
}

/** Passes `body` through, failing when it carries more or fewer than `length` bytes. */
async function* exactly(body: AsyncIterable<Buffer>, length: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > length) throw new StorageError('bad-part', `the part is longer than its ${length} bytes`);
    yield chunk;
  }
  if (total !== length) throw new StorageError('bad-part', `the part ended after ${total} of its ${length} bytes`);
}
