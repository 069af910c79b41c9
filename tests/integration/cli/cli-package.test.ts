// The package as a user installs it: `npm pack` of the built cli/ folder, `npm install -g` of the
// tarball into an empty prefix without the registry, and the installed `clipdock` sharing text
// with the server. It carries one file and needs no dependency.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rawPaste } from '@shared/api/paste.endpoints';
import { testApi } from '@tests/integration/support/api';
import { insertApiKey } from '@tests/integration/support/auth-helpers';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { makeHome, startCli } from './cli-runner';

const run = promisify(execFile);

describe('the clipdock package', () => {
  let server: TestServer;
  let work: string;
  beforeAll(async () => {
    server = await startTestServer();
    work = await mkdtemp(join(tmpdir(), 'clipdock-cli-install-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    await server.close();
  });

  it('installs globally from its tarball alone and works', async () => {
    const npm = { cwd: work, env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' } };
    await run('npm', ['pack', inject('cliPackage'), '--pack-destination', work, '--silent'], {
      ...npm,
      timeout: 120_000,
    });
    const [tarball] = (await readdir(work)).filter((name) => name.endsWith('.tgz'));
    expect(tarball).toMatch(/^clipdock-\d+\.\d+\.\d+\.tgz$/);
    const listing = await run('tar', ['-tzf', join(work, tarball ?? '')]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual([
      'package/README.md',
      'package/dist/clipdock.mjs',
      'package/package.json',
    ]);
    const prefix = join(work, 'prefix');
    await run('npm', ['install', '-g', '--offline', '--prefix', prefix, join(work, tarball ?? '')], {
      ...npm,
      timeout: 120_000,
    });
    expect(await readdir(join(prefix, 'lib', 'node_modules'))).toEqual(['clipdock']);

    const key = (await insertApiKey(server.db, { text_permission: 1 })).key;
    const home = await makeHome();
    const installed = join(prefix, 'bin', 'clipdock');
    const paste = await startCli(
      ['paste', '-'],
      {
        home: home.home,
        env: {
          CLIPDOCK_URL: server.baseUrl,
          CLIPDOCK_KEY: key,
          PATH: `${join(process.execPath, '..')}:${process.env.PATH}`,
        },
        input: 'installed\n',
      },
      [installed],
    ).result;
    expect(paste.code, paste.stderr).toBe(0);
    const slug = /\/paste\/([A-Za-z0-9]+)\n$/.exec(paste.stdout)?.[1] ?? '';
    expect((await testApi(server.baseUrl).send(rawPaste, { params: { slug } })).text).toBe('installed\n');
    await home.remove();
  }, 240_000);
});
