import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import { taskMachine, taskPercent } from './task.machine';
import type { RunTaskInput, TaskReport } from './task.machine';

function start(options: { crash?: boolean } = {}) {
  const inputs: RunTaskInput[] = [];
  const runner = { report: (_event: TaskReport) => {}, inputs, stopped: 0 };
  const machine = taskMachine.provide({
    actors: {
      runTask: fromCallback<EventObject, RunTaskInput>(({ input, sendBack }) => {
        if (options.crash) throw new Error('listing failed');
        runner.inputs.push(input);
        runner.report = sendBack;
        return () => {
          runner.stopped += 1;
        };
      }),
    },
  });
  const actor = createActor(machine, { input: { id: 't1', type: 'copy' } }).start();
  return { actor, runner };
}

function run(reports: TaskReport[]) {
  const { actor, runner } = start();
  actor.send({ type: 'task.start' });
  for (const report of reports) runner.report(report);
  return actor.getSnapshot();
}

describe('task machine', () => {
  it('waits in pending, then runs the provided runner', () => {
    const { actor, runner } = start();
    expect(actor.getSnapshot().value).toBe('pending');
    expect(runner.inputs).toEqual([]);
    actor.send({ type: 'task.start' });
    expect(actor.getSnapshot().value).toBe('running');
    expect(runner.inputs).toEqual([{ taskId: 't1', type: 'copy' }]);
  });

  it('completes when every item succeeded, counting progress on the way', () => {
    const { actor, runner } = start();
    actor.send({ type: 'task.start' });
    runner.report({ type: 'task.total', total: 2 });
    runner.report({ type: 'task.item.succeeded', item: '/a' });
    expect(taskPercent(actor.getSnapshot().context)).toBe(50);
    runner.report({ type: 'task.item.succeeded', item: '/b' });
    runner.report({ type: 'task.finished' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'completed', context: { total: 2, succeeded: 2, failed: 0 } });
    expect(runner.stopped).toBe(1);
  });

  it('ends partial when some but not all items failed', () => {
    const snapshot = run([
      { type: 'task.item.succeeded', item: '/a' },
      { type: 'task.item.failed', item: '/b', code: 'http', message: 'HTTP error 500' },
      { type: 'task.finished' },
    ]);
    expect(snapshot.value).toBe('partial');
    expect(snapshot.context).toMatchObject({
      succeeded: 1,
      failed: 1,
      failures: [{ item: '/b', code: 'http', message: 'HTTP error 500' }],
    });
  });

  it('fails when every item failed', () => {
    const snapshot = run([{ type: 'task.item.failed', item: '/a', code: 'network' }, { type: 'task.finished' }]);
    expect(snapshot).toMatchObject({
      value: 'failed',
      context: { failures: [{ item: '/a', code: 'network', message: null }] },
    });
  });

  it('fails with the reported error when the task as a whole cannot run', () => {
    const snapshot = run([{ type: 'task.error', code: 'no-files', message: 'no files found to copy' }]);
    expect(snapshot).toMatchObject({
      value: 'failed',
      context: { error: { code: 'no-files', message: 'no files found to copy' } },
    });
  });

  it('fails when the runner throws', () => {
    const { actor } = start({ crash: true });
    actor.send({ type: 'task.start' });
    expect(actor.getSnapshot()).toMatchObject({
      value: 'failed',
      context: { error: { code: 'internal', message: 'listing failed' } },
    });
  });

  it('cancels a running task by stopping its runner, keeping the counts so far', () => {
    const { actor, runner } = start();
    actor.send({ type: 'task.start' });
    runner.report({ type: 'task.item.succeeded', item: '/a' });
    actor.send({ type: 'task.cancel' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'cancelled', context: { succeeded: 1 } });
    expect(runner.stopped).toBe(1);
  });

  it('cancels a pending task without running it', () => {
    const { actor, runner } = start();
    actor.send({ type: 'task.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(runner.inputs).toEqual([]);
  });

  it('completes an empty task and reports 0 % while the total is unknown', () => {
    const snapshot = run([{ type: 'task.finished' }]);
    expect(snapshot.value).toBe('completed');
    expect(taskPercent(snapshot.context)).toBe(0);
  });
});
