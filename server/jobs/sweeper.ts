// Periodic clean-up of expired rows. Tasks run one after another, once at start and then every
// interval; a failing task is logged and does not stop the others, and runs never overlap. With
// several instances on one database, one pass runs at a time across all of them. A task that keeps
// failing the same way (a storage that is down) is logged as an error once, then at debug level
// until it recovers, which is logged too.
import type { Clock } from '@server/lib/clock';
import type { Logger } from '@server/lib/logger';
import { processLocks, type ClusterLocks } from '@server/cluster/cluster-locks';

export type SweepTask = {
  name: string;
  /** Removes what is stale at `now` (epoch ms); resolves to the number of items removed. */
  run(now: number): Promise<number>;
};

export type SweeperOptions = {
  tasks: readonly SweepTask[];
  intervalMs: number;
  logger: Logger;
  clock: Clock;
  /** With several instances, a pass runs on one of them at a time; the others skip it. */
  locks?: ClusterLocks;
};

export type Sweeper = {
  /** Runs every task once now, then on every interval. */
  start(): void;
  /** One pass over every task; resolves when it is done. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
};

export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

export function createSweeper({ tasks, intervalMs, logger, clock, locks = processLocks }: SweeperOptions): Sweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** Each failing task's last error, so a repeat is not logged as a new error every pass. */
  const failing = new Map<string, string>();
  const pass = async () => {
    const now = clock.now();
    for (const task of tasks) {
      try {
        const removed = await task.run(now);
        if (removed > 0) logger.info('sweep', { task: task.name, removed });
        if (failing.delete(task.name)) logger.info('sweep recovered', { task: task.name });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (failing.get(task.name) === message)
          logger.debug('sweep still failing', { task: task.name, error: message });
        else logger.error('sweep failed', { task: task.name, error: message });
        failing.set(task.name, message);
      }
    }
  };

  const exclusivePass = async () => {
    try {
      await locks.tryHold('sweeper', pass);
    } catch (error) {
      logger.error('sweep failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };

  const runOnce = () => {
    running ??= exclusivePass().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      if (timer !== undefined) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    runOnce,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
