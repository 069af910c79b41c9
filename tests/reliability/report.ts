// What each scenario hands back: its figures, and the checks it ran with the ones that failed.
export type ScenarioResult = {
  name: string;
  seconds: number;
  figures: Record<string, unknown>;
  failed: string[];
  passed: string[];
};

export class Checks {
  readonly failed: string[] = [];
  readonly passed: string[] = [];
  readonly figures: Record<string, unknown> = {};
  readonly #started = performance.now();

  constructor(readonly name: string) {}

  check(ok: boolean, what: string): void {
    (ok ? this.passed : this.failed).push(what);
  }

  result(): ScenarioResult {
    return {
      name: this.name,
      seconds: Math.round((performance.now() - this.#started) / 100) / 10,
      figures: this.figures,
      failed: this.failed,
      passed: this.passed,
    };
  }
}

/** Runs `work` on at most `limit` items at once, in order of the items. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      const item = items[index];
      if (index >= items.length || item === undefined) return;
      results[index] = await work(item, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export const countBy = (values: (string | number)[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
};
