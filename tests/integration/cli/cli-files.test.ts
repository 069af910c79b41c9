// The real `clipdock` bundle against the real server on both storage drivers: file shares with
// every option (one PUT and in parts), an upload killed halfway and resumed, a protected file
// downloaded, and the mount commands inside and outside a key's base path and with a read-only key.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDefaultStorageConfig, updateStorageConfig } from '@shared/api/storage-config.endpoints';
import { adminFileEndpoints } from '@shared/api/file.endpoints';
import { asAdmin, testApi } from '@tests/integration/support/api';
import { fileRecordSchema } from '@shared/api/file-share.schema';
import { commitResponseSchema } from '@shared/api/upload.schema';
import { expectOk } from '@tests/integration/support/http';
import { rgwInfo } from '@tests/integration/support/rgw';
import { admin, list, mkdir, startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { drivers, sha256 } from '@tests/integration/storage/storage-harness';
import { clipdock, makeHome, startCli } from './cli-runner';
import { startHoldProxy, type HoldProxy } from './hold-proxy';

const MiB = 1024 * 1024;
/** Tens of MiB and several processes per test: more than the default on a busy machine. */
const TRANSFER_TIMEOUT_MS = 120_000;

describe.each(drivers)('clipdock files and mounts on the %s driver', { timeout: TRANSFER_TIMEOUT_MS }, (name) => {
  let h: FsHarness;
  let proxy: HoldProxy;
  /** Where the CLI sends its calls: through the proxy for the local driver, whose part links are the server's. */
  let serverUrl: string;
  let home: Awaited<ReturnType<typeof makeHome>>;
  let fileKey: string;

  beforeAll(async () => {
    h = await startFsHarness(name);
    home = await makeHome();
    if (name === 'local') {
      proxy = await startHoldProxy(h.server.baseUrl);
      serverUrl = proxy.url;
    } else {
      // Storage behind the proxy: radosgw's part links then point at it.
      proxy = await startHoldProxy(rgwInfo().endpoint);
      serverUrl = h.server.baseUrl;
      const admin = testApi(serverUrl, asAdmin(h.token));
      const params = { id: h.configId };
      await admin.ok(updateStorageConfig, { params, body: { endpoint_url: proxy.url } });
      await admin.ok(setDefaultStorageConfig, { params });
    }
    fileKey = (await insertApiKey(h.server.db, { file_permission: 1 })).key;
  });
  afterAll(async () => {
    await proxy.close();
    await home.remove();
    await h.close();
  });

  const as = (apiKey: string, extra: { input?: string } = {}) => ({
    home: home.home,
    env: { CLIPDOCK_URL: serverUrl, CLIPDOCK_KEY: apiKey },
    ...extra,
  });
  const record = async (id: string) =>
    expectOk(
      await testApi(h.server.baseUrl, asAdmin(h.token)).send(adminFileEndpoints.get, { params: { id } }),
      fileRecordSchema,
    );

  it('shares a small and a large file with every option, and gets the protected one back', async () => {
    const small = randomBytes(3_000);
    const large = randomBytes(17 * MiB + 77);
    await writeFile(join(home.home, 'small.txt'), small);
    await writeFile(join(home.home, 'large.bin'), large);
    const result = await clipdock(
      ['upload', 'small.txt', 'large.bin', '-p', 'pw', '-e', '3h', '-m', '5', '--remark', 'from cli', '--json'],
      as(fileKey),
    );
    expect(result.code, result.stderr).toBe(0);
    const shares = result.stdout
      .trim()
      .split('\n')
      .map((line) => commitResponseSchema.parse(JSON.parse(line)));
    expect(shares.map((share) => [share.filename, share.size])).toEqual([
      ['small.txt', small.length],
      ['large.bin', large.length],
    ]);
    for (const share of shares) {
      expect(share.url).toBe(`${serverUrl}/file/${share.slug}`);
      const stored = await record(share.id);
      expect(stored).toMatchObject({ has_password: true, max_views: 5, remark: 'from cli' });
      const hours = (Date.parse(stored.expires_at ?? '') - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(2.9);
      expect(hours).toBeLessThanOrEqual(3);
    }
    const link = shares[1]?.url ?? '';
    const reader = await makeHome();
    const refused = await clipdock(['get', link], { home: reader.home });
    expect(refused.code).toBe(2);
    const got = await clipdock(['get', link, '--password', 'pw', '-o', 'copy.bin'], { home: reader.home });
    expect(got.code, got.stderr).toBe(0);
    expect(sha256(await readFile(join(reader.home, 'copy.bin')))).toBe(sha256(large));
    const again = await clipdock(['get', link, '--password', 'pw', '-o', 'copy.bin'], { home: reader.home });
    expect(again.code).toBe(4);
    await reader.remove();
  });

  it('resumes an upload killed halfway, sending only the parts storage does not hold', async () => {
    const bytes = randomBytes(4 * 5 * MiB + 4321);
    await writeFile(join(home.home, 'resume.bin'), bytes);
    const args = ['upload', 'resume.bin', '--part-size', '5', '--concurrency', '1'];
    const held = proxy.holdAfter(2);
    const first = startCli(args, as(fileKey));
    await held;
    first.child.kill('SIGKILL');
    expect((await first.result).signal).toBe('SIGKILL');
    expect(await readdir(join(home.configDir, 'uploads'))).toHaveLength(1);

    proxy.release();
    const before = proxy.forwardedParts();
    const second = await clipdock(args, as(fileKey));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('resuming resume.bin: 2 of 5 parts already stored');
    expect(proxy.forwardedParts() - before).toBe(3);
    expect(await readdir(join(home.configDir, 'uploads'))).toHaveLength(0);
    const reader = await makeHome();
    const file = await clipdock(['get', second.stdout.trim()], { home: reader.home });
    expect(file.code, file.stderr).toBe(0);
    expect(sha256(await readFile(join(reader.home, 'resume.bin')))).toBe(sha256(bytes));
    await reader.remove();
  });

  it('puts, lists, moves and removes inside a key’s base path and is refused outside it', async () => {
    const m = h.mountPath;
    await mkdir(h, admin(h), `${m}/team`);
    await mkdir(h, admin(h), `${m}/team/old`);
    const team = (await insertApiKey(h.server.db, { mount_permission: 1, basic_path: `${m}/team` })).key;
    await writeFile(join(home.home, 'note.txt'), 'hello team\n');

    const put = await clipdock(['put', 'note.txt', `${m}/team/`], as(team));
    expect(put.code, put.stderr).toBe(0);
    expect(put.stdout).toBe(`${m}/team/note.txt\n`);
    const renamed = await clipdock(['mv', `${m}/team/note.txt`, `${m}/team/old/`], as(team));
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.stdout).toBe(`${m}/team/old/note.txt\n`);
    const listed = await clipdock(['ls', `${m}/team/old`], as(team));
    expect(listed.stdout).toBe('note.txt\n');

    const outside = await clipdock(['put', 'note.txt', `${m}/elsewhere.txt`], as(team));
    expect(outside.code).toBe(4);
    expect(outside.stderr).toMatch(/^clipdock: /);
    const moveOut = await clipdock(['mv', `${m}/team/old/note.txt`, `${m}/note.txt`], as(team));
    expect(moveOut.code).toBe(4);

    const folder = await clipdock(['rm', `${m}/team/old`], as(team));
    expect(folder.code).toBe(1);
    const removed = await clipdock(['rm', '-r', `${m}/team/old`], as(team));
    expect(removed.code, removed.stderr).toBe(0);
    expect((await list(h, admin(h), `${m}/team`)).items).toEqual([]);
  });

  it('lets a read-only key list and refuses its writes with exit 4', async () => {
    const m = h.mountPath;
    await mkdir(h, admin(h), `${m}/shelf`);
    const reader = (await insertApiKey(h.server.db, { mount_permission: 1, basic_path: `${m}/shelf`, read_only: 1 }))
      .key;
    await writeFile(join(home.home, 'book.txt'), 'pages\n');
    const ls = await clipdock(['ls', '-l', `${m}/shelf`], as(reader));
    expect(ls.code, ls.stderr).toBe(0);
    for (const args of [
      ['put', 'book.txt', `${m}/shelf/`],
      ['mv', `${m}/shelf`, `${m}/moved`],
      ['rm', '-r', `${m}/shelf`],
    ]) {
      const refused = await clipdock(args, as(reader));
      expect(refused.code, `${args[0]}: ${refused.stderr}`).toBe(4);
    }
  });
});
