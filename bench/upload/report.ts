// Turns the measured rounds into the markdown table the benchmark prints: one row per round,
// then the medians and the ratio against the target (engine ≥ 0.9 × raw PUT of the same run).
import type { EngineRun } from './engine-run';

/** `load` is the 1-minute load average before the round: other work on the two cores skews it. */
export type Round = {
  order: string;
  size: number;
  rawSeconds: number;
  engine: EngineRun;
  verified: string;
  load: number;
};

export const TARGET_RATIO = 0.9;

const mbps = (bytes: number, seconds: number) => bytes / 1e6 / seconds;
const fixed = (n: number, digits = 1) => n.toFixed(digits);

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const [lo, hi] = [sorted[mid - 1] ?? 0, sorted[mid] ?? 0];
  return sorted.length % 2 === 0 ? (lo + hi) / 2 : hi;
}

type Figures = {
  raw: number;
  engine: number;
  ratio: number;
  engineBase: number;
  enginePeak: number;
  serverBase: number;
  serverPeak: number;
};

function figures(round: Round): Figures {
  const raw = mbps(round.size, round.rawSeconds);
  const engine = mbps(round.size, round.engine.done.seconds);
  const { engineRss, serverRss } = round.engine;
  return {
    raw,
    engine,
    ratio: engine / raw,
    engineBase: engineRss.baselineMiB,
    enginePeak: engineRss.peakMiB,
    serverBase: serverRss.baselineMiB,
    serverPeak: serverRss.peakMiB,
  };
}

function row(label: string, f: Figures, extra: readonly string[]): string {
  const cells = [
    label,
    fixed(f.raw),
    fixed(f.engine),
    fixed(f.ratio, 2),
    `${fixed(f.engineBase)} → ${fixed(f.enginePeak)} (+${fixed(f.enginePeak - f.engineBase)})`,
    `${fixed(f.serverBase)} → ${fixed(f.serverPeak)}`,
    ...extra,
  ];
  return `| ${cells.join(' | ')} |`;
}

export function renderTable(rounds: readonly Round[], settings: string): string {
  const all = rounds.map(figures);
  const pick = (key: keyof Figures) => median(all.map((f) => f[key]));
  const medians: Figures = {
    raw: pick('raw'),
    engine: pick('engine'),
    ratio: pick('ratio'),
    engineBase: pick('engineBase'),
    enginePeak: pick('enginePeak'),
    serverBase: pick('serverBase'),
    serverPeak: pick('serverPeak'),
  };
  const lines = [
    `Engine: ${settings}`,
    '',
    '| run | raw curl PUT MB/s | engine MB/s | engine / raw | engine RSS MiB (before → peak) | server RSS MiB (before → peak) | engine CPU s | order | parts | API ms | verified | load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rounds.map((round, i) => {
      const { done } = round.engine;
      const api = Object.entries(done.apiMs)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ');
      const parts = `${done.partCount} × ${fixed(done.partSize / 1024 / 1024, 0)} MiB`;
      return row(String(i + 1), all[i] ?? medians, [
        fixed(done.cpuSeconds, 2),
        round.order,
        parts,
        api,
        round.verified,
        fixed(round.load, 2),
      ]);
    }),
    row('**median**', medians, [fixed(median(rounds.map((r) => r.engine.done.cpuSeconds)), 2), '', '', '', '', '']),
    '',
    `Target: engine ≥ ${TARGET_RATIO} × raw → median ratio ${fixed(medians.ratio, 2)}: ${medians.ratio >= TARGET_RATIO ? 'met' : 'missed'}.`,
    'MB/s = 10^6 bytes per second; engine time runs from the first API call to the commit answer.',
  ];
  return lines.join('\n');
}
