import { describe, expect, it } from 'vitest';
import { createTaskRegistry, type TaskReporter, type TaskSpec } from './task-registry';

/** A task's work that the test drives by hand: it waits until the test lets it finish. */
function manualWork() {
  let report: TaskReporter | null = null;
  let signal: AbortSignal | null = null;
  let finish: (() => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  const run = (reporter: TaskReporter, abort: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      report = reporter;
      signal = abort;
      finish = resolve;
      fail = reject;
    });
  return {
    run,
    get report(): TaskReporter {
      if (report === null) throw new Error('not started');
      return report;
    },
    get signal(): AbortSignal | null {
      return signal;
    },
    finish: () => finish?.(),
    fail: (error: Error) => fail?.(error),
  };
}

describe('task registry', () => {
  it('runs a task at once and shows its progress, bytes and speed', async () => {
    let clock = 1_000;
    const tasks = createTaskRegistry({ now: () => clock });
    const work = manualWork();
    const id = tasks.start({ type: 'download', label: 'basket', run: work.run });
    expect(tasks.list()).toHaveLength(1);
    expect(tasks.list()[0]?.status).toBe('running');

    work.report.total(2);
    work.report.bytes(0, 1000);
    clock += 1000;
    work.report.bytes(500, 1000);
    work.report.succeeded('a.txt');
    const running = tasks.list()[0];
    expect(running).toMatchObject({ id, total: 2, succeeded: 1, bytes: { loaded: 500, total: 1000 }, percent: 50 });
    expect(running?.bytesPerSecond).toBe(500);

    work.report.succeeded('b.txt');
    work.finish();
    const done = await tasks.settled(id);
    expect(done).toMatchObject({
      status: 'completed',
      percent: 100,
      succeeded: 2,
      failed: 0,
      canRetry: false,
      bytesPerSecond: 0,
    });
  });

  it('keeps the same list until something changes, and tells subscribers when it does', () => {
    const tasks = createTaskRegistry();
    let calls = 0;
    const unsubscribe = tasks.subscribe(() => (calls += 1));
    const first = tasks.list();
    expect(tasks.list()).toBe(first);
    const work = manualWork();
    tasks.start({ type: 'delete', label: 'x', run: work.run });
    expect(calls).toBeGreaterThan(0);
    expect(tasks.list()).not.toBe(first);
    unsubscribe();
  });

  it('cancel aborts the work and ends the task cancelled', async () => {
    const tasks = createTaskRegistry();
    const work = manualWork();
    const id = tasks.start({ type: 'download', label: 'basket', run: work.run });
    tasks.cancel(id);
    expect(work.signal?.aborted).toBe(true);
    expect((await tasks.settled(id)).status).toBe('cancelled');
    // A late report from the stopped work changes nothing.
    work.finish();
    expect(tasks.list()[0]?.status).toBe('cancelled');
  });

  it('a partial task retries only its failed items, as a new task', async () => {
    const tasks = createTaskRegistry();
    const seen: string[][] = [];
    const spec = (items: string[]): TaskSpec => ({
      type: 'delete',
      label: `${items.length} items`,
      run: async (report) => {
        seen.push(items);
        report.total(items.length);
        for (const item of items) {
          if (item.startsWith('bad') && seen.length === 1) report.failed(item, 'FORBIDDEN', 'refused');
          else report.succeeded(item);
        }
      },
      retry: (failures) => spec(failures.map((failure) => failure.item)),
    });
    const id = tasks.start(spec(['a', 'bad-1', 'b', 'bad-2']));
    const first = await tasks.settled(id);
    expect(first).toMatchObject({ status: 'partial', succeeded: 2, failed: 2, canRetry: true });
    expect(first.failures.map((failure) => failure.item)).toEqual(['bad-1', 'bad-2']);

    const again = tasks.retry(id);
    expect(again).not.toBeNull();
    expect(tasks.list().map((task) => task.id)).toEqual([again]);
    const second = await tasks.settled(again ?? '');
    expect(second).toMatchObject({ status: 'completed', succeeded: 2, failed: 0 });
    expect(seen).toEqual([
      ['a', 'bad-1', 'b', 'bad-2'],
      ['bad-1', 'bad-2'],
    ]);
  });

  it('a task whose every item failed is failed; one whose work throws is failed with the reason', async () => {
    const tasks = createTaskRegistry();
    const allFailed = tasks.start({
      type: 'delete',
      label: 'one',
      run: async (report) => {
        report.total(1);
        report.failed('x', 'NOT_FOUND');
      },
    });
    expect(await tasks.settled(allFailed)).toMatchObject({ status: 'failed', failed: 1, canRetry: false });

    const work = manualWork();
    const thrown = tasks.start({ type: 'download', label: 'zip', run: work.run });
    work.fail(new Error('listing failed'));
    expect(await tasks.settled(thrown)).toMatchObject({
      status: 'failed',
      error: { code: 'internal', message: 'listing failed' },
    });
  });

  it('dismisses finished tasks, never running ones, and keeps only the newest finished', async () => {
    const tasks = createTaskRegistry({ keepFinished: 2 });
    const running = manualWork();
    const runningId = tasks.start({ type: 'upload', label: 'big', run: running.run });
    const done: string[] = [];
    for (const label of ['1', '2', '3']) {
      const id = tasks.start({ type: 'delete', label, run: async () => undefined });
      await tasks.settled(id);
      done.push(id);
    }
    expect(tasks.list().map((task) => task.label)).toEqual(['3', '2', 'big']);
    tasks.dismiss(runningId);
    expect(tasks.list()).toHaveLength(3);
    tasks.dismiss(done[2] ?? '');
    expect(tasks.list().map((task) => task.label)).toEqual(['2', 'big']);
    tasks.clearFinished();
    expect(tasks.list().map((task) => task.label)).toEqual(['big']);
  });
});
