// The litmus WebDAV test suite against /dav on each storage driver: every suite the issue names
// (basic, copymove, props, locks, http) must pass, with no test failing and no warning.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../storage/storage-harness';
import { testAdmin } from '../support/test-server';
import { startFsHarness, type FsHarness } from '../fs/fs-harness';
import { run } from './dav-harness';

const suites = ['basic', 'copymove', 'props', 'locks', 'http'];

describe.each(drivers)('litmus against /dav on the %s driver', (name) => {
  let h: FsHarness;
  let workDir: string;
  beforeAll(async () => {
    h = await startFsHarness(name);
    workDir = await mkdtemp(join(tmpdir(), 'clipdock-litmus-'));
  });
  afterAll(async () => {
    await h.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('passes basic, copymove, props, locks and http', async () => {
    const url = `${h.server.baseUrl}/dav${h.mountPath}/`;
    // litmus writes its debug log into the working directory.
    const result = await run('litmus', ['-k', url, testAdmin.username, testAdmin.password], { cwd: workDir, env: { TESTS: suites.join(' ') } });
    const summaries = [...result.stdout.matchAll(/summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g)].map((m) => ({ suite: m[1], run: Number(m[2]), passed: Number(m[3]), failed: Number(m[4]) }));
    expect(summaries.map((s) => s.suite), result.stdout + result.stderr).toEqual(suites);
    for (const summary of summaries) expect(summary, result.stdout).toMatchObject({ failed: 0, passed: summary.run });
    expect(result.stdout).not.toMatch(/WARNING|FAIL/);
    expect(result.code).toBe(0);
  }, 600_000);
});
