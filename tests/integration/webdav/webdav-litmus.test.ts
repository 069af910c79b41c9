// The litmus WebDAV test suite against /dav on each storage driver: every suite the issue names
// (basic, copymove, props, locks, http) must pass, with no test failing and no warning.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '@tests/integration/storage/storage-harness';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { litmusSuites, runLitmus } from './dav-harness';

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
    const { summaries, output, code } = await runLitmus(`${h.server.baseUrl}/dav${h.mountPath}/`, workDir);
    expect(
      summaries.map((s) => s.suite),
      output,
    ).toEqual(litmusSuites);
    for (const summary of summaries) expect(summary, output).toMatchObject({ failed: 0, passed: summary.run });
    expect(output).not.toMatch(/WARNING|FAIL/);
    expect(code).toBe(0);
  }, 600_000);
});
