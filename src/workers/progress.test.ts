import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress';
import type { TransferProgress } from './protocol';

function reporter(total: number) {
  const clock = { now: 0 };
  const events: TransferProgress[] = [];
  const progress = createProgressReporter({
    total,
    now: () => clock.now,
    intervalMs: 100,
    onProgress: (e) => events.push(e),
  });
  return { progress, clock, events };
}

describe('progress reporter', () => {
  it('reports byte updates at most once per interval, and stage changes always', () => {
    const { progress, clock, events } = reporter(1000);
    progress.stage('uploading');
    progress.setLoaded(100);
    clock.now = 99;
    progress.setLoaded(200);
    clock.now = 100;
    progress.setLoaded(300);
    progress.stage('processing');

    expect(events.map((e) => [e.stage, e.loaded])).toEqual([
      ['uploading', 0],
      ['uploading', 300],
      ['processing', 300],
    ]);
  });

  it('never goes backwards and caps at 99 % until complete', () => {
    const { progress, clock, events } = reporter(1000);
    progress.stage('uploading');
    clock.now = 1000;
    progress.setLoaded(1000);
    clock.now = 2000;
    progress.setLoaded(400);
    progress.complete();

    expect(events.map((e) => e.percent)).toEqual([0, 99, 100]);
    expect(events[1]).toMatchObject({ bytesPerSecond: 1000, secondsLeft: 0 });
  });

  it('gives no time estimate before any bytes moved, and 0 % for empty files', () => {
    const { progress, events } = reporter(0);
    progress.stage('uploading');
    expect(events[0]).toMatchObject({ percent: 0, bytesPerSecond: 0, secondsLeft: null });
    progress.complete();
    expect(events[1]).toMatchObject({ percent: 100, secondsLeft: 0 });
  });
});
