import { describe, expect, it } from 'vitest';
import { phaseTimes } from './phase-times';

function sink() {
  const written: string[] = [];
  return { written, stream: { write: (text: string) => written.push(text) } };
}

describe('phase times (CLIPDOCK_TIMINGS)', () => {
  it('writes one line with each phase and the total when enabled', () => {
    const { written, stream } = sink();
    const times = phaseTimes({ CLIPDOCK_TIMINGS: '1' }, stream);
    times.mark('start');
    times.mark('init');
    times.flush();
    times.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^clipdock timings \(ms\): start=\d+\.\d init=\d+\.\d total=\d+\.\d\n$/);
  });

  it('writes nothing when unset or 0', () => {
    for (const env of [{}, { CLIPDOCK_TIMINGS: '0' }, { CLIPDOCK_TIMINGS: ' ' }]) {
      const { written, stream } = sink();
      const times = phaseTimes(env, stream);
      times.mark('start');
      times.flush();
      expect(written).toEqual([]);
    }
  });
});
