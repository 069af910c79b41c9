// A one-line progress bar on stderr, redrawn at most every 100 ms, only when stderr is a
// terminal: in a pipe or a log nothing is drawn, so the output stays the links alone.
import type { CliContext } from '@cli/context';
import { formatBytes } from './format';

export type Progress = {
  update(loaded: number): void;
  /** Clears the line (the bar is gone once the answer prints). */
  done(): void;
};

const quiet: Progress = { update: () => undefined, done: () => undefined };
const REDRAW_MS = 100;
/** Speed over the last few seconds, so a pause or a burst shows soon. */
const SPEED_WINDOW_MS = 5_000;

export function progressBar(ctx: CliContext, label: string, total: number): Progress {
  const stream = ctx.stderr;
  if (stream.isTTY !== true) return quiet;
  const samples: { at: number; loaded: number }[] = [];
  let lastDraw = 0;
  let latest = 0;
  const draw = (now: number) => {
    lastDraw = now;
    samples.push({ at: now, loaded: latest });
    while (samples.length > 2 && (samples[0]?.at ?? now) < now - SPEED_WINDOW_MS) samples.shift();
    const first = samples[0] ?? { at: now, loaded: latest };
    const seconds = (now - first.at) / 1000;
    const speed = seconds > 0 ? (latest - first.loaded) / seconds : 0;
    const ratio = total > 0 ? Math.min(1, latest / total) : 1;
    const eta = speed > 0 ? Math.ceil((total - latest) / speed) : undefined;
    const tail = ` ${String(Math.floor(ratio * 100)).padStart(3)}% ${formatBytes(latest)}/${formatBytes(total)} ${formatBytes(speed)}/s${eta === undefined ? '' : ` ${eta}s`}`;
    const columns = stream.columns ?? 80;
    const name = label.length > 24 ? `${label.slice(0, 23)}…` : label;
    const width = Math.max(10, Math.min(40, columns - name.length - tail.length - 4));
    const filled = Math.round(ratio * width);
    const line = `${name} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${tail}`;
    stream.write(`\r${line.slice(0, columns - 1)}\u001b[K`);
  };
  return {
    update(loaded) {
      latest = loaded;
      const now = Date.now();
      if (now - lastDraw >= REDRAW_MS) draw(now);
    },
    done() {
      stream.write('\r\u001b[K');
    },
  };
}
