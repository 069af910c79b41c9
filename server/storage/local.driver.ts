// The embedded default backend: objects live under DATA_DIR/blobs/<configId>/objects, with a
// small JSON sidecar (ETag, content type) under meta/. Presigned URLs point at /api/blob.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { UrlSigner } from '../lib/signed-url';
import { signBlobUrl, type BlobGrant } from './local-blob-url';
import { checkKey, inside, isMissing, tempPrefix, writeAtomic, writeFileAtomic } from './local-files';
import { LocalMultipart } from './local-multipart';
import type {
  ByteRange, CheckResult, ListedObject, ListedPart, ListOptions, ListPage, ObjectBody, ObjectHead,
  PresignGetOptions, PresignPartOptions, PresignPutOptions, StorageDriver, UploadedPart,
} from './storage-driver';
import { StorageError } from './storage-driver';

const metaSchema = z.object({ etag: z.string(), contentType: z.string().nullable() });
const emptyEtag = '"d41d8cd98f00b204e9800998ecf8427e"';

export type LocalDriverOptions = { configId: string; root: string; signer: UrlSigner; now: () => number };

export class LocalDriver implements StorageDriver {
  readonly kind = 'local';
  readonly multipart: LocalMultipart;
  readonly #objects: string;
  readonly #meta: string;

  constructor(private readonly options: LocalDriverOptions) {
    this.#objects = join(options.root, 'objects');
    this.#meta = join(options.root, 'meta');
    this.multipart = new LocalMultipart(join(options.root, 'uploads'));
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

  async presignPart(key: string, uploadId: string, partNumber: number, { expiresIn, contentLength }: PresignPartOptions): Promise<string> {
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
    if (range !== undefined && (range.start > range.end || range.end >= head.size)) throw new StorageError('bad-range', 'range not satisfiable');
    const body = createReadStream(this.#objectPath(key), range === undefined ? {} : { start: range.start, end: range.end });
    const contentLength = range === undefined ? head.size : range.end - range.start + 1;
    return { body, contentLength, totalSize: head.size, range: range ?? null, etag: head.etag, contentType: head.contentType };
  }

  async head(key: string): Promise<ObjectHead | null> {
    const path = this.#objectPath(key);
    try {
      const info = await stat(path);
      if (key.endsWith('/') !== info.isDirectory()) return null;
      if (info.isDirectory()) return { size: 0, etag: emptyEtag, contentType: 'application/x-directory', lastModified: info.mtime };
      const meta = metaSchema.parse(JSON.parse(await readFile(this.#metaPath(key), 'utf8')));
      return { size: info.size, etag: meta.etag, contentType: meta.contentType, lastModified: info.mtime };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async list(prefix: string, { delimiter, token = null, limit = 1000 }: ListOptions = {}): Promise<ListPage> {
    const cut = prefix.lastIndexOf('/') + 1;
    const entries = await this.#walk(prefix.slice(0, cut), prefix.slice(cut), delimiter === '/');
    const after = entries.filter((entry) => token === null || entry.key > token).sort((a, b) => (a.key < b.key ? -1 : 1));
    const page = after.slice(0, limit);
    const last = page.at(-1);
    return {
      objects: page.filter((entry) => !entry.prefix).map(({ prefix: _p, ...object }) => object),
      prefixes: page.filter((entry) => entry.prefix).map((entry) => entry.key),
      nextToken: after.length > limit && last !== undefined ? last.key : null,
    };
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const head = await this.head(fromKey);
    if (head === null) throw new StorageError('not-found', 'no such object');
    await writeAtomic(this.#objectPath(toKey), createReadStream(this.#objectPath(fromKey)));
    await this.#writeMeta(toKey, head.etag, head.contentType);
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

  async #walk(dir: string, namePrefix: string, shallow: boolean): Promise<Array<ListedObject & { prefix: boolean }>> {
    let names: string[];
    try {
      names = await readdir(dir === '' ? this.#objects : this.#objectPath(dir));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const out: Array<ListedObject & { prefix: boolean }> = [];
    for (const name of names.filter((n) => n.startsWith(namePrefix) && !n.startsWith(tempPrefix))) {
      const key = `${dir}${name}`;
      const info = await stat(inside(this.#objects, key));
      if (info.isDirectory() && shallow) out.push({ key: `${key}/`, size: 0, etag: null, lastModified: info.mtime, prefix: true });
      else if (info.isDirectory()) out.push(...(await this.#walk(`${key}/`, '', false)));
      else out.push({ key, size: info.size, etag: (await this.head(key))?.etag ?? null, lastModified: info.mtime, prefix: false });
    }
    return out;
  }

  #sign(grant: Omit<BlobGrant, 'configId' | 'exp'>, expiresIn: number): string {
    const exp = Math.floor(this.options.now() / 1000) + expiresIn;
    return signBlobUrl(this.options.signer, { ...grant, configId: this.options.configId, exp });
  }

  #objectPath(key: string): string {
    checkKey(key);
    return inside(this.#objects, key);
  }

  #metaPath(key: string): string {
    checkKey(key);
    return inside(this.#meta, `${key}.json`);
  }

  async #writeMeta(key: string, etag: string, contentType: string | null): Promise<void> {
    await writeFileAtomic(this.#metaPath(key), JSON.stringify({ etag, contentType }));
  }
}
