// `CLIPDOCK_TIMINGS=1`: one line on stderr when a command ends, with the milliseconds each phase
// took since the one before, the first counted from the process's start (module loading
// included). For measuring where an upload's time goes; off by default, and then free.
export type PhaseTimes = {
  mark(phase: string): void;
  /** Writes the line (once), when enabled. */
  flush(): void;
};

const off: PhaseTimes = { mark: () => undefined, flush: () => undefined };

export function phaseTimes(env: NodeJS.ProcessEnv, stderr: { write(text: string): unknown }): PhaseTimes {
  const flag = env.CLIPDOCK_TIMINGS?.trim();
  if (flag === undefined || flag === '' || flag === '0') return off;
  const marks: { phase: string; at: number }[] = [];
  let flushed = false;
  return {
    mark(phase) {
      marks.push({ phase, at: performance.now() });
    },
    flush() {
      if (flushed) return;
      flushed = true;
      let previous = 0;
      const parts = marks.map(({ phase, at }) => {
        const spent = at - previous;
        previous = at;
        return `${phase}=${spent.toFixed(1)}`;
      });
      stderr.write(`clipdock timings (ms): ${parts.join(' ')} total=${previous.toFixed(1)}\n`);
    },
  };
}
