import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalMultipart } from './local-multipart';

describe('local multipart uploads', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'clipdock-multipart-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('lists a part only once its ETag is written, so a PUT still finishing is not stored yet', async () => {
    const multipart = new LocalMultipart(root);
    const uploadId = await multipart.create('a/b.bin', 'application/octet-stream');
    const etag = await multipart.putPart('a/b.bin', uploadId, 1, Readable.from([Buffer.from('one')]));
    // Part 2's bytes are in place but its ETag is not: the moment between the two writes.
    await writeFile(join(root, uploadId, 'part-00002'), 'two');
    expect(await multipart.list('a/b.bin', uploadId)).toEqual([{ partNumber: 1, etag, size: 3 }]);
  });
});
