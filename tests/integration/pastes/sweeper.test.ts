import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories } from '@server/db/repositories';
import { createSweeper } from '@server/jobs/sweeper';
import { idempotencySweepTask } from '@server/modules/idempotency/idempotency.service';
import { createLogger } from '@server/lib/logger';
import { pasteSweepTask, TOMBSTONE_TTL_MS } from '@server/modules/pastes/paste-sweep.service';
import { ErrorCode } from '@shared/errors';
import { login } from '@tests/integration/support/auth-helpers';
import { expectError } from '@tests/integration/support/http';
import { ManualClock } from '@tests/support/manual-clock';
import { startTestServer, type TestServer } from '@tests/integration/support/test-server';
import { createPaste, getPaste, pasteCount } from './paste-helpers';

describe('sweeper', () => {
  let server: TestServer;
  let token: string;
  const clock = new ManualClock(Date.now());
  beforeEach(async () => {
    server = await startTestServer({ clock });
    token = (await login(server.baseUrl)).token;
  });
  afterEach(() => server.close());

  it('deletes expired pastes only once their time has passed', async () => {
    const task = pasteSweepTask(createRepositories(server.db));
    await createPaste(
      server.baseUrl,
      { content: 'short', expiresAt: new Date(clock.now() + 60_000).toISOString() },
      { token },
    );
    await createPaste(server.baseUrl, { content: 'forever' }, { token });
    expect(await task.run(clock.now() + 59_000)).toBe(0);
    expect(await task.run(clock.now() + 60_000)).toBe(1);
    const left = await server.db.selectFrom('pastes').select('content').execute();
    expect(left).toEqual([{ content: 'forever' }]);
  });

  it('leaves a tombstone, so a swept paste answers 410, and forgets it after 30 days', async () => {
    const task = pasteSweepTask(createRepositories(server.db));
    const { slug } = await createPaste(
      server.baseUrl,
      { content: 'brief', expiresAt: new Date(clock.now() + 1000).toISOString() },
      { token },
    );
    clock.advance(1000);
    expect(await task.run(clock.now())).toBe(1);
    expect(await pasteCount(server.db)).toBe(0);
    expectError(await getPaste(server.baseUrl, slug), 410, ErrorCode.Gone);
    clock.advance(TOMBSTONE_TTL_MS - 1);
    expect(await task.run(clock.now())).toBe(0);
    clock.advance(2);
    expect(await task.run(clock.now())).toBe(1);
    expectError(await getPaste(server.baseUrl, slug), 404, ErrorCode.NotFound);
  });

  it('drops idempotency keys after 24 hours and runs every task on each pass', async () => {
    await createPaste(server.baseUrl, { content: 'once' }, { token, headers: { 'idempotency-key': 'k' } });
    await createPaste(
      server.baseUrl,
      { content: 'gone', expiresAt: new Date(clock.now() + 1000).toISOString() },
      { token },
    );
    const lines: string[] = [];
    const sweeper = createSweeper({
      tasks: [pasteSweepTask(createRepositories(server.db)), idempotencySweepTask(createRepositories(server.db))],
      intervalMs: 60_000,
      logger: createLogger({ level: 'info', write: (line) => lines.push(line) }),
      clock,
    });
    clock.advance(24 * 60 * 60 * 1000);
    await sweeper.runOnce();
    expect(await pasteCount(server.db)).toBe(1);
    expect(await server.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    expect(lines.map((line) => JSON.parse(line).task)).toEqual(['expired-pastes', 'idempotency-keys']);
  });
});
