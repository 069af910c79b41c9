// Progress of one upload: monotonic bytes, speed over a sliding window, and throttled reports.
// Byte updates are reported at most once per interval; stage changes are always reported.
import type { UploadStage } from '@shared/api/upload.schema';
import type { ProgressCallback, TransferProgress } from './protocol';

const SPEED_WINDOW_MS = 5_000;

export type ProgressReporter = {
  stage(stage: UploadStage): void;
  /** Sets the bytes sent so far; lower values than already reported are ignored. */
  setLoaded(loaded: number): void;
  /** The upload is committed: 100 %. */
  complete(): void;
};

export type ProgressReporterOptions = {
  total: number;
  now: () => number;
  intervalMs: number;
  onProgress?: ProgressCallback;
};

export function createProgressReporter({
  total,
  now,
  intervalMs,
  onProgress,
}: ProgressReporterOptions): ProgressReporter {
  let loaded = 0;
  let stage: UploadStage = 'starting';
  let lastReportAt = Number.NEGATIVE_INFINITY;
  const samples: { at: number; loaded: number }[] = [];

  function snapshot(at: number): TransferProgress {
    const oldest = samples[0];
    const seconds = oldest === undefined ? 0 : (at - oldest.at) / 1000;
    const bytesPerSecond = oldest !== undefined && seconds > 0 ? (loaded - oldest.loaded) / seconds : 0;
    const done = stage === 'completed';
    const fraction = total === 0 ? 0 : loaded / total;
    return {
      loaded,
      total,
      percent: done ? 100 : Math.min(99, Math.floor(fraction * 100)),
      bytesPerSecond,
      secondsLeft: done ? 0 : bytesPerSecond > 0 ? (total - loaded) / bytesPerSecond : null,
      stage,
    };
  }

  function report(force: boolean): void {
    const at = now();
    if (!force && at - lastReportAt < intervalMs) return;
    lastReportAt = at;
    onProgress?.(snapshot(at));
  }

  function setLoaded(value: number): void {
    const next = Math.min(total, value);
    if (next <= loaded) return;
    loaded = next;
    const at = now();
    samples.push({ at, loaded });
    while (samples.length > 2 && (samples[0]?.at ?? at) < at - SPEED_WINDOW_MS) samples.shift();
    report(false);
  }

  return {
    stage(next) {
      stage = next;
      if (next === 'uploading' && samples.length === 0) samples.push({ at: now(), loaded });
      report(true);
    },
    setLoaded,
    complete() {
      loaded = total;
      stage = 'completed';
      report(true);
    },
  };
}
