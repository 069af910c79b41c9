// WebDAV's locks and dead properties on PostgreSQL: the litmus suites run against /dav with the
// server on a throwaway PostgreSQL database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { startFsHarness, type FsHarness } from '@tests/integration/fs/fs-harness';
import { litmusSuites, runLitmus } from '@tests/integration/webdav/dav-harness';

describe('WebDAV on PostgreSQL', () => {
  let h: FsHarness;
  let workDir: string;
  beforeAll(async () => {
    h = await startFsHarness('local', { env: { DATABASE_URL: await createTestDatabase('webdav') } });
    workDir = await mkdtemp(join(tmpdir(), 'clipdock-litmus-pg-'));
  });
  afterAll(async () => {
    await h.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('passes litmus', async () => {
    const { summaries, output, code } = await runLitmus(`${h.server.baseUrl}/dav${h.mountPath}/`, workDir);
    expect(
      summaries.map((s) => s.suite),
      output,
    ).toEqual(litmusSuites);
    for (const summary of summaries) expect(summary, output).toMatchObject({ failed: 0, passed: summary.run });
    expect(code).toBe(0);
  }, 600_000);
});
