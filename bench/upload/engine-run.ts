// Runs one engine upload in its own process and measures it: the process's RSS from its
// "ready" baseline to the end, and the server's RSS over the same window.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { engineMessageSchema, type EngineDone, type EngineJob, type EngineMessage } from './messages';
import { stopChild } from './processes';
import { startRssSampler, type RssWindow } from './rss';

export type EngineRun = { done: EngineDone; engineRss: RssWindow; serverRss: RssWindow };

/** The child's messages one at a time; rejects once it has exited with none left. */
function inbox(child: ChildProcess): () => Promise<EngineMessage> {
  const queue: unknown[] = [];
  let notify: (() => void) | null = null;
  const poke = () => {
    notify?.();
    notify = null;
  };
  child.on('message', (raw) => {
    queue.push(raw);
    poke();
  });
  child.once('exit', poke);
  return async () => {
    for (;;) {
      if (queue.length > 0) return engineMessageSchema.parse(queue.shift());
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`engine process exited (${child.exitCode ?? child.signalCode})`);
      await new Promise<void>((resolve) => (notify = resolve));
    }
  };
}

export async function runEngine(root: string, job: EngineJob, serverPid: number): Promise<EngineRun> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/upload/engine-child.ts'), JSON.stringify(job)],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const next = inbox(child);
  try {
    if ((await next()).type !== 'ready') throw new Error('engine process did not report ready');
    const engineSampler = await startRssSampler(child.pid ?? 0);
    const serverSampler = await startRssSampler(serverPid);
    child.send({ type: 'start' });
    const done = await next();
    const [engineRss, serverRss] = [await engineSampler.stop(), await serverSampler.stop()];
    if (done.type === 'failed') throw new Error(`engine upload failed: ${done.message}`);
    if (done.type !== 'done') throw new Error('unexpected message from the engine process');
    return { done, engineRss, serverRss };
  } finally {
    await stopChild(child);
  }
}
