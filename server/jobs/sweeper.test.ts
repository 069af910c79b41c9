// A task that keeps failing the same way is one error line, not one per pass; a new failure is a
// new error line, and the recovery is said.
import { describe, expect, it } from 'vitest';
import { createLogger } from '@server/lib/logger';
import { createSweeper } from './sweeper';

describe('the sweeper’s log', () => {
  it('logs a repeated failure once, a different one again, and the recovery', async () => {
    const lines: { level: string; msg: string; task?: string; error?: string }[] = [];
    const answers = ['down', 'down', 'down', 'other', 'ok', 'ok'];
    const sweeper = createSweeper({
      tasks: [
        {
          name: 'flaky',
          run: async () => {
            const answer = answers.shift();
            if (answer !== 'ok') throw new Error(`storage ${answer}`);
            return 0;
          },
        },
      ],
      intervalMs: 60_000,
      logger: createLogger({ level: 'debug', write: (line) => lines.push(JSON.parse(line)) }),
      clock: { now: () => 0 },
    });
    for (let pass = 0; pass < 6; pass += 1) await sweeper.runOnce();
    expect(lines.map(({ level, msg, error }) => [level, msg, error])).toEqual([
      ['error', 'sweep failed', 'storage down'],
      ['debug', 'sweep still failing', 'storage down'],
      ['debug', 'sweep still failing', 'storage down'],
      ['error', 'sweep failed', 'storage other'],
      ['info', 'sweep recovered', undefined],
    ]);
  });
});
