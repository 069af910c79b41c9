// What a fuzzer puts where the API expects something sensible: a seeded generator (a run is
// reproducible from its seed), and pools of strings, numbers and shapes that have broken servers of
// this kind: empty and huge values, path tricks, control characters, lone surrogates, injection
// strings, deep nesting and prototype keys.

export type Rng = () => number;

/** mulberry32: small, fast and good enough to spread requests; the same seed gives the same run. */
export function seeded(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export const chance = (rng: Rng, probability: number): boolean => rng() < probability;

export const hostileStrings: readonly string[] = [
  '',
  ' ',
  'a',
  '0',
  '-1',
  'null',
  'true',
  '[]',
  '{}',
  'x'.repeat(256),
  'é'.repeat(200),
  '表单'.repeat(80),
  '😀'.repeat(70),
  'x'.repeat(70_000),
  '../../../../etc/passwd',
  '..',
  '.',
  '/',
  '//',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nX-Injected: 1',
  '\ud800',
  '\ufeff',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  `\${7*7}{{7*7}}`,
  '%s%n%x',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:127.0.0.1]:8787/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  '2026-13-45T99:99:99Z',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '1e309',
  'NaN',
  `/a/${'d/'.repeat(300)}`,
  'con',
  'a*?"<>|:',
  'new\nline',
];

const hostileNumbers: readonly number[] = [
  0,
  -1,
  1,
  1.5,
  -1e-7,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  Number.MAX_SAFE_INTEGER,
];

export function hostileString(rng: Rng): string {
  return pick(rng, hostileStrings);
}

/** Any JSON value, sometimes nested, sometimes with prototype keys; `depth` bounds the nesting. */
export function hostileValue(rng: Rng, depth = 0): unknown {
  const kind = Math.floor(rng() * (depth > 2 ? 5 : 8));
  switch (kind) {
    case 0:
    case 1:
      return hostileString(rng);
    case 2:
      return pick(rng, hostileNumbers);
    case 3:
      return pick(rng, [true, false, null]);
    case 4:
      return pick(rng, [[], {}, '']);
    case 5:
      return Array.from({ length: 1 + Math.floor(rng() * 4) }, () => hostileValue(rng, depth + 1));
    case 6:
      return JSON.parse(
        `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"k":${JSON.stringify(hostileString(rng))}}`,
      );
    default:
      return { [hostileString(rng).slice(0, 40)]: hostileValue(rng, depth + 1) };
  }
}

/** Bodies that are not the JSON a route expects: broken, of the wrong shape, or nested very deep. */
export const brokenJsonBodies: readonly string[] = [
  '',
  '{',
  '[1,',
  '{"a":}',
  'null',
  '"text"',
  '42',
  '[]',
  "{'single':'quotes'}",
  '{"a":1,"a":2}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
  `{"x":"${'y'.repeat(200_000)}"}`,
];
