// Multipart uploads of the local driver: each part is a temp file under uploads/<id>/, and
// completion streams the parts in order into the final object (S3-style "<md5>-<n>" ETag).
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { MULTIPART_MIN_PART_BYTES } from '@shared/api/upload.schema';
import { inside, isMissing, writeAtomic, writeFileAtomic } from './local-files';
import { bareEtag, StorageError, type ListedPart, type UploadedPart } from './storage-driver';

const uploadIdPattern = /^[a-f0-9]{32}$/;
const manifestSchema = z.object({ key: z.string(), contentType: z.string() });
export type UploadManifest = z.infer<typeof manifestSchema>;

export class LocalMultipart {
  constructor(private readonly root: string) {}

  async create(key: string, contentType: string): Promise<string> {
    const uploadId = randomBytes(16).toString('hex');
    await writeFileAtomic(join(this.#dir(uploadId), 'upload.json'), JSON.stringify({ key, contentType }));
    return uploadId;
  }

  /** The upload's manifest; throws not-found when the id is unknown or belongs to another key. */
  async manifest(key: string, uploadId: string): Promise<UploadManifest> {
    try {
      const manifest = manifestSchema.parse(
        JSON.parse(await readFile(join(this.#dir(uploadId), 'upload.json'), 'utf8')),
      );
      if (manifest.key === key) return manifest;
    } catch (error) {
      if (!isMissing(error) && !(error instanceof StorageError)) throw error;
    }
    throw new StorageError('not-found', 'no such multipart upload');
  }

  async putPart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<string> {
    await this.manifest(key, uploadId);
    const file = join(this.#dir(uploadId), partName(partNumber));
    const written = await writeAtomic(file, body);
    const etag = `"${written.md5.toString('hex')}"`;
    await writeFileAtomic(`${file}.etag`, etag);
    return etag;
  }

  async list(key: string, uploadId: string): Promise<ListedPart[]> {
    await this.manifest(key, uploadId);
    const names = (await readdir(this.#dir(uploadId))).filter((name) => /^part-\d{5}$/.test(name)).sort();
    // A part whose ETag is not written yet (its PUT is still finishing, or broke off) is not stored.
    const parts = await Promise.all(
      names.map(async (name): Promise<ListedPart | null> => {
        const file = join(this.#dir(uploadId), name);
        try {
          return {
            partNumber: Number(name.slice(5)),
            etag: await readFile(`${file}.etag`, 'utf8'),
            size: (await stat(file)).size,
          };
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      }),
    );
    return parts.filter((part) => part !== null);
  }

  /** Streams the listed parts into `dest`; returns the object ETag and content type. */
  async complete(
    key: string,
    uploadId: string,
    parts: UploadedPart[],
    dest: string,
  ): Promise<{ etag: string; contentType: string }> {
    const { contentType } = await this.manifest(key, uploadId);
    const stored = new Map((await this.list(key, uploadId)).map((part) => [part.partNumber, part]));
    const files: string[] = [];
    const digests: Buffer[] = [];
    parts.forEach((part, index) => {
      const found = stored.get(part.partNumber);
      const previous = parts[index - 1];
      if (found === undefined || bareEtag(found.etag) !== bareEtag(part.etag)) {
        throw new StorageError('bad-part', `part ${part.partNumber} is missing or its ETag does not match`);
      }
      if (previous !== undefined && previous.partNumber >= part.partNumber)
        throw new StorageError('bad-part', 'parts must be in ascending order');
      if (index < parts.length - 1 && found.size < MULTIPART_MIN_PART_BYTES)
        throw new StorageError('bad-part', `part ${part.partNumber} is smaller than 5 MiB`);
      files.push(join(this.#dir(uploadId), partName(part.partNumber)));
      digests.push(Buffer.from(bareEtag(found.etag), 'hex'));
    });
    async function* concatenated() {
      for (const file of files) yield* createReadStream(file);
    }
    await writeAtomic(dest, concatenated());
    await this.abort(uploadId);
    return { etag: `"${createHash('md5').update(Buffer.concat(digests)).digest('hex')}-${parts.length}"`, contentType };
  }

  async abort(uploadId: string): Promise<void> {
    await rm(this.#dir(uploadId), { recursive: true, force: true });
  }

  #dir(uploadId: string): string {
    if (!uploadIdPattern.test(uploadId)) throw new StorageError('not-found', 'no such multipart upload');
    return inside(this.root, uploadId);
  }
}

function partName(partNumber: number): string {
  return `part-${String(partNumber).padStart(5, '0')}`;
}
