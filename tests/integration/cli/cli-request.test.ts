// `clipdock request`, the real bundle against the real server: a file request made from the
// terminal with every option, as the admin and as a key inside its base path; outside it, a
// read-only key and bad sizes are refused with the exit codes a script relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicFileRequest, listFileRequests } from '@shared/api/file-request.endpoints';
import { asApiKey, testApi } from '@tests/integration/support/api';
import { fileRequestListSchema, fileRequestSchema, publicFileRequestSchema } from '@shared/api/file-request.schema';
import { admin, mkdir, startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { expectOk } from '@tests/integration/support/http';
import { clipdock, makeHome } from './cli-runner';

describe('clipdock request', () => {
  let h: FsHarness;
  let home: Awaited<ReturnType<typeof makeHome>>;
  beforeAll(async () => {
    h = await startFsHarness('local');
    home = await makeHome();
    await mkdir(h, admin(h), `${h.mountPath}/inbox`);
    await mkdir(h, admin(h), `${h.mountPath}/team`);
    await mkdir(h, admin(h), `${h.mountPath}/team/drop`);
  });
  afterAll(async () => {
    await home.remove();
    await h.close();
  });

  const as = (key: string) => ({ home: home.home, env: { CLIPDOCK_URL: h.server.baseUrl, CLIPDOCK_KEY: key } });

  it('makes a request with every option and prints its link', async () => {
    const key = (await insertApiKey(h.server.db, { file_permission: 1, mount_permission: 1 })).key;
    const made = await clipdock(
      [
        'request',
        `${h.mountPath}/inbox`,
        '--title',
        'Send me the scans',
        '--message',
        'PDF or images, please',
        '--expires',
        '7d',
        '--max-files',
        '20',
        '--max-total',
        '2G',
        '--max-file',
        '50M',
        '--types',
        '.pdf, image/*',
        '--password',
        'letmein',
        '--require-name',
        '--slug',
        'scans-please',
      ],
      as(key),
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout.trim()).toBe(`${h.server.baseUrl}/request/scans-please`);
    const listed = expectOk(
      await testApi(h.server.baseUrl, asApiKey(key)).send(listFileRequests, {}),
      fileRequestListSchema,
    );
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      slug: 'scans-please',
      title: 'Send me the scans',
      message: 'PDF or images, please',
      max_files: 20,
      max_total_bytes: 2 * 1024 ** 3,
      max_file_bytes: 50 * 1024 ** 2,
      allowed_types: ['.pdf', 'image/*'],
      has_password: true,
      require_name: true,
      status: 'open',
    });
    const days = (Date.parse(listed.items[0]?.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const page = expectOk(
      await testApi(h.server.baseUrl).send(getPublicFileRequest, { params: { slug: 'scans-please' } }),
      publicFileRequestSchema,
    );
    expect(JSON.stringify(page)).not.toContain('inbox');

    const json = await clipdock(['request', `${h.mountPath}/inbox`, '-t', 'Again', '--json'], as(key));
    expect(json.code, json.stderr).toBe(0);
    expect(fileRequestSchema.parse(JSON.parse(json.stdout))).toMatchObject({ title: 'Again', status: 'open' });
  });

  it('keeps a key inside its base path and refuses a read-only key and bad values', async () => {
    const scoped = await insertApiKey(h.server.db, {
      file_permission: 1,
      mount_permission: 1,
      basic_path: `${h.mountPath}/team`,
    });
    const inside = await clipdock(['request', `${h.mountPath}/team/drop`, '-t', 'Team drop'], as(scoped.key));
    expect(inside.code, inside.stderr).toBe(0);
    const outside = await clipdock(['request', `${h.mountPath}/inbox`, '-t', 'Not mine'], as(scoped.key));
    expect(outside.code).toBe(4);
    const readOnly = await insertApiKey(h.server.db, { file_permission: 1, mount_permission: 1, read_only: 1 });
    const refused = await clipdock(['request', `${h.mountPath}/inbox`, '-t', 'No'], as(readOnly.key));
    expect(refused.code).toBe(4);
    const badSize = await clipdock(
      ['request', `${h.mountPath}/inbox`, '-t', 'x', '--max-file', 'lots'],
      as(scoped.key),
    );
    expect(badSize.code).toBe(1);
    expect(badSize.stderr).toContain('expected a size');
    const noTitle = await clipdock(['request', `${h.mountPath}/inbox`], as(scoped.key));
    expect(noTitle.code).toBe(1);
  });
});
