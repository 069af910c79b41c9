import { describe, expect, it } from 'vitest';
import { createJobRegistry, type Job } from './job-registry';

/** A job that runs until the test lets it end. */
function held() {
  let end: (value: string) => void = () => undefined;
  const ended = new Promise<string>((resolve) => {
    end = resolve;
  });
  const seen: Job[] = [];
  const work = (job: Job) => {
    seen.push(job);
    return ended;
  };
  return { work, end: (value: string) => end(value), seen };
}

describe('job registry', () => {
  it('runs a job under its id, refuses a second one while it runs, and forgets it once it ended', async () => {
    const jobs = createJobRegistry();
    const first = held();
    const running = jobs.run('a', first.work, () => 'refused');
    expect(jobs.isRunning('a')).toBe(true);
    expect(
      await jobs.run(
        'a',
        async () => 'second',
        () => 'refused',
      ),
    ).toBe('refused');
    first.end('done');
    expect(await running).toBe('done');
    expect(jobs.isRunning('a')).toBe(false);
    expect(
      await jobs.run(
        'a',
        async () => 'again',
        () => 'refused',
      ),
    ).toBe('again');
  });

  it('cancel aborts the running job’s signal and nothing else', async () => {
    const jobs = createJobRegistry();
    const a = held();
    const b = held();
    const runs = [jobs.run('a', a.work, () => ''), jobs.run('b', b.work, () => '')];
    expect(jobs.cancel('a')).toBe(true);
    expect(a.seen[0]?.signal.aborted).toBe(true);
    expect(b.seen[0]?.signal.aborted).toBe(false);
    expect(jobs.cancel('unknown')).toBe(false);
    a.end('');
    b.end('');
    await Promise.all(runs);
  });

  it('a cancel after the job finished withdraws it once', async () => {
    const jobs = createJobRegistry();
    const withdrawn: string[] = [];
    await jobs.run(
      'a',
      async (job) => {
        jobs.finished(job.id, async () => {
          withdrawn.push(job.id);
        });
      },
      () => undefined,
    );
    expect(jobs.cancel('a')).toBe(true);
    expect(jobs.cancel('a')).toBe(false);
    await Promise.resolve();
    expect(withdrawn).toEqual(['a']);
  });

  it('keeps the last few withdrawals, and a new job under an old id drops the old one', async () => {
    const jobs = createJobRegistry(2);
    const withdrawn: string[] = [];
    for (const id of ['a', 'b', 'c']) jobs.finished(id, async () => void withdrawn.push(id));
    expect(jobs.cancel('a')).toBe(false);
    await jobs.run(
      'b',
      async () => undefined,
      () => undefined,
    );
    expect(jobs.cancel('b')).toBe(false);
    expect(jobs.cancel('c')).toBe(true);
    await Promise.resolve();
    expect(withdrawn).toEqual(['c']);
  });

  it('a failed withdrawal is swallowed: the server’s sweeper removes what it missed', async () => {
    const jobs = createJobRegistry();
    jobs.finished('a', () => Promise.reject(new Error('offline')));
    expect(jobs.cancel('a')).toBe(true);
  });
});
