// rclone as a real WebDAV client: a tree of mixed files and sizes (empty, tiny, names with spaces,
// `%` and CJK, a part-sized one and one over 100 MB, so every upload mode of `auto` is used) is
// copied into a mount through /dav and back out; `rclone check --download` compares every byte
// and the copy that came back has the same SHA-256 for every file.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateSystemSettings } from '@shared/api/settings.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { z } from 'zod';
import { drivers, randomBytesOf } from '@tests/integration/storage/storage-harness';
import { expectOk } from '@tests/integration/support/http';
import { testAdmin } from '@tests/integration/support/test-server';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { run } from './dav-harness';

const mib = 1024 * 1024;

async function writeLarge(path: string, size: number): Promise<void> {
  const out = createWriteStream(path);
  for (let written = 0, seed = 1; written < size; seed += 1) {
    const chunk = randomBytesOf(Math.min(4 * mib, size - written), seed);
    written += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

async function makeTree(root: string): Promise<void> {
  await mkdir(join(root, 'text'), { recursive: true });
  await mkdir(join(root, 'deep', 'a', 'b', 'c'), { recursive: true });
  await mkdir(join(root, 'small'), { recursive: true });
  await writeFile(join(root, 'empty.txt'), '');
  await writeFile(join(root, 'one.bin'), Buffer.from([7]));
  await writeFile(join(root, 'text', 'notes with space.txt'), 'hello over WebDAV\n'.repeat(100));
  await writeFile(join(root, 'text', '中文 名.md'), '# 你好\n');
  await writeFile(join(root, 'text', '100% done.txt'), 'percent');
  await writeFile(join(root, 'deep', 'a', 'b', 'c', 'leaf.json'), JSON.stringify({ deep: true }));
  for (let i = 0; i < 12; i += 1)
    await writeFile(join(root, 'small', `s${i}.bin`), randomBytesOf(1 + i * 37_000, i + 11));
  await writeLarge(join(root, 'mid.bin'), 12 * mib + 123);
  await writeLarge(join(root, 'big.bin'), 101 * mib + 7);
}

async function hashes(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    result[relative(root, path)] = hash.digest('hex');
  }
  return result;
}

describe.each(drivers)('rclone through /dav on the %s driver', (name) => {
  let h: FsHarness;
  let work: string;
  beforeAll(async () => {
    h = await startFsHarness(name);
    // The default max upload size (100 MB) would refuse the big file, as it should.
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(updateSystemSettings, {
        body: { max_upload_size: 1, max_upload_size_unit: 'GB' },
      }),
      z.unknown(),
    );
    work = await mkdtemp(join(tmpdir(), 'clipdock-rclone-'));
    await makeTree(join(work, 'src'));
  }, 120_000);
  afterAll(async () => {
    await h.close();
    await rm(work, { recursive: true, force: true });
  });

  it('copies a tree in and back out with every byte intact', async () => {
    const obscured = await run('rclone', ['obscure', testAdmin.password]);
    const env = {
      RCLONE_CONFIG: join(work, 'rclone.conf'),
      RCLONE_CONFIG_DAV_TYPE: 'webdav',
      RCLONE_CONFIG_DAV_URL: `${h.server.baseUrl}/dav${h.mountPath}`,
      RCLONE_CONFIG_DAV_VENDOR: 'other',
      RCLONE_CONFIG_DAV_USER: testAdmin.username,
      RCLONE_CONFIG_DAV_PASS: obscured.stdout.trim(),
    };
    const rclone = async (...args: string[]) => {
      const result = await run('rclone', [...args, '--transfers', '2', '--retries', '1', '--low-level-retries', '1'], {
        env,
      });
      expect(result.code, `rclone ${args.join(' ')}\n${result.stderr}`).toBe(0);
      return result;
    };
    await rclone('copy', join(work, 'src'), 'dav:rclone/tree');
    await rclone('check', '--download', join(work, 'src'), 'dav:rclone/tree');
    await rclone('copy', 'dav:rclone/tree', join(work, 'back'));
    const sent = await hashes(join(work, 'src'));
    expect(Object.keys(sent)).toHaveLength(20);
    expect(await hashes(join(work, 'back'))).toEqual(sent);
  }, 900_000);
});
