// The worker's one list of running jobs, which every transfer kind uses: a job runs under the id
// its caller chose (a second one under a running id is refused) with its own AbortSignal, and
// cancel(id) aborts it. A job that left something on the server can, once it finished, leave a
// withdrawal behind: a cancel that crosses its final answer still wins and withdraws it.

export type Job = { readonly id: string; readonly signal: AbortSignal };

export type JobRegistry = {
  /** Runs `work` as the job `id`; answers `refused()` instead while another job of that id runs. */
  run<R>(id: string, work: (job: Job) => Promise<R>, refused: () => R): Promise<R>;
  /** For a job that just ended well: a later cancel(id) calls `withdraw` once instead of aborting. */
  finished(id: string, withdraw: () => Promise<void>): void;
  /** Aborts the running job `id`, or withdraws the finished one. True when there was one. */
  cancel(id: string): boolean;
  isRunning(id: string): boolean;
};

/** How many finished jobs a late cancel can still withdraw. */
export const WITHDRAWABLE = 32;

export function createJobRegistry(withdrawable = WITHDRAWABLE): JobRegistry {
  const running = new Map<string, AbortController>();
  const withdrawals = new Map<string, () => Promise<void>>();

  return {
    async run(id, work, refused) {
      if (running.has(id)) return refused();
      const controller = new AbortController();
      running.set(id, controller);
      // A new job under an old id: the old one's file is no longer what a cancel means.
      withdrawals.delete(id);
      try {
        return await work({ id, signal: controller.signal });
      } finally {
        running.delete(id);
      }
    },
    finished(id, withdraw) {
      withdrawals.delete(id);
      withdrawals.set(id, withdraw);
      const oldest = withdrawals.keys().next();
      if (withdrawals.size > withdrawable && !oldest.done) withdrawals.delete(oldest.value);
    },
    cancel(id) {
      const controller = running.get(id);
      if (controller !== undefined) {
        controller.abort();
        return true;
      }
      const withdraw = withdrawals.get(id);
      if (withdraw === undefined) return false;
      withdrawals.delete(id);
      void withdraw().catch(() => undefined);
      return true;
    },
    isRunning: (id) => running.has(id),
  };
}
