// Small process helpers shared by the upload benchmark: a clean-up list that also runs on
// Ctrl-C, and waiting for a child to exit without hanging on one that never does.
import type { ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';

type Cleanup = () => Promise<void>;
const cleanups: Cleanup[] = [];

/** Registers a clean-up step; `runCleanups` runs them newest first. */
export function onCleanup(step: Cleanup): void {
  cleanups.push(step);
}

export async function runCleanups(): Promise<void> {
  for (let step = cleanups.pop(); step !== undefined; step = cleanups.pop()) {
    await step().catch((error: unknown) => process.stderr.write(`clean-up step failed: ${String(error)}\n`));
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: cleaning up\n`);
    void runCleanups().finally(() => process.exit(130));
  });
}

/** Sends SIGTERM, then SIGKILL if the child is still there after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const gone = await Promise.race([exited.then(() => true), delay(graceMs).then(() => false)]);
  if (!gone) {
    child.kill('SIGKILL');
    await exited;
  }
}
