// What the explorer page records about itself while it is scrolled: every long task (a
// PerformanceObserver on 'longtask', buffered, installed before the app's scripts run) and the
// time of every animation frame inside a measured phase; plus where the virtualised list stands.
import type { Page } from '@playwright/test';

export type LongTask = { start: number; duration: number };
export type PhaseRecord = { start: number; end: number; frames: number[]; longTasks: LongTask[] };
export type ListState = {
  /** Entries the listing holds (the count line), and whether the server has more pages. */
  loaded: number;
  complete: boolean;
  atBottom: boolean;
  /** Entries in the DOM, and the highest entry index among them with its name. */
  rendered: number;
  lastIndex: number;
  lastName: string;
};

/**
 * What the meter needs of a page: an expression evaluated in it (a promise awaited), which
 * Playwright's page and a page driven bare (bench/upload/bare-chromium.ts) both do. The page's
 * functions are given as text: Playwright and the bare driver alike send a function's source.
 */
export type InPage = { evaluate<T>(expression: string): Promise<T> };

type Meter = { longTasks: LongTask[]; frames: number[]; recording: boolean; phaseStart: number };

type MeterWindow = Window & { benchMeter?: Meter };

/** Runs in the page before any of its scripts. */
function install(): void {
  const meter: Meter = { longTasks: [], frames: [], recording: false, phaseStart: 0 };
  (window as MeterWindow).benchMeter = meter;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) meter.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}

export async function installMeter(page: Page): Promise<void> {
  await page.addInitScript(install);
}

/** The same as a script, for a page driven bare (bench/upload/bare-chromium.ts). */
export const METER_SCRIPT = `(${install})();`;

/**
 * Starts keeping frames. The frame loop starts here (one started from the init script never runs)
 * and is given as text: tsx would wrap a named function in a helper the page does not have.
 */
export async function startPhase(page: InPage): Promise<void> {
  await page.evaluate(`(() => {
    const meter = window.benchMeter;
    if (meter === undefined) throw new Error('meter not installed');
    meter.frames = [];
    meter.phaseStart = performance.now();
    meter.recording = true;
    const tick = (time) => {
      if (!meter.recording) return;
      meter.frames.push(time);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}

/** Ends the phase after two more frames and a task turn, so the observer has delivered its entries. */
const endPhaseInPage = async (): Promise<PhaseRecord> => {
  const meter = (window as MeterWindow).benchMeter;
  if (meter === undefined) throw new Error('meter not installed');
  const end = performance.now();
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await new Promise((resolve) => setTimeout(resolve, 100));
  meter.recording = false;
  const start = meter.phaseStart;
  return {
    start,
    end,
    frames: meter.frames.filter((t) => t <= end),
    longTasks: meter.longTasks.filter((task) => task.start >= start && task.start <= end),
  };
};

export function endPhase(page: InPage): Promise<PhaseRecord> {
  return page.evaluate<PhaseRecord>(`(${endPhaseInPage})()`);
}

/** Long tasks from the page's start up to now (its loading, before any phase). */
export async function allLongTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => (window as MeterWindow).benchMeter?.longTasks ?? []);
}

/** The list's state, read after the next frame (so one call paces one scroll step). */
const listStateInPage = async (): Promise<ListState> => {
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const countText = document.querySelector('.explorer__count')?.textContent ?? '';
  const loaded = Number(/[\d,]+/.exec(countText)?.[0]?.replace(/,/g, '') ?? 0);
  const items = [...document.querySelectorAll<HTMLElement>('.entries [data-index]')];
  let lastIndex = -1;
  let lastName = '';
  for (const item of items) {
    const index = Number(item.dataset.index);
    if (index > lastIndex) {
      lastIndex = index;
      lastName = item.querySelector('.entry__name')?.textContent ?? '';
    }
  }
  const scroller = document.scrollingElement ?? document.documentElement;
  return {
    loaded,
    complete: countText !== '' && !countText.includes('more'),
    atBottom: window.scrollY + window.innerHeight >= scroller.scrollHeight - 2,
    rendered: items.length,
    lastIndex,
    lastName,
  };
};

export function listState(page: InPage): Promise<ListState> {
  return page.evaluate<ListState>(`(${listStateInPage})()`);
}
