import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected parseEnv to fail');
}

describe('environment parsing', () => {
  it('applies defaults when nothing is set', () => {
    expect(parseEnv({})).toMatchObject({
      PORT: 8787,
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      TRUST_PROXY: false,
    });
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8787);
  });

  it('accepts good values', () => {
    const env = parseEnv({
      PORT: '9000',
      DATABASE_URL: 'postgresql://user:pw@db:5432/clipdock',
      ENCRYPTION_SECRET: 'a3f9c2e87b1d4065f2c8e9a7b3d1f0e4',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'long enough password',
    });
    expect(env).toMatchObject({ PORT: 9000, LOG_LEVEL: 'warn', DATABASE_URL: 'postgresql://user:pw@db:5432/clipdock' });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/clipdock'],
    ['ENCRYPTION_SECRET', 'short'],
    ['ENCRYPTION_SECRET', 'changeme'],
    ['ENCRYPTION_SECRET', 'please-change-this-encryption-secret'],
    ['ENCRYPTION_SECRET', 'a'.repeat(40)],
    ['ADMIN_PASSWORD', 'short'],
    ['TRUST_PROXY', 'maybe'],
  ])('names %s when it is %j', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} `));
  });

  it('lists every bad variable in one error message', () => {
    try {
      parseEnv({ PORT: 'x', LOG_LEVEL: 'nope' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect(String(error)).toMatch(/PORT .*LOG_LEVEL /);
    }
  });
  it('reads URL_FETCH_ALLOW and URL_FETCH_TIMEOUT_SECONDS', () => {
    expect(parseEnv({}).URL_FETCH_ALLOW).toEqual([]);
    expect(parseEnv({}).URL_FETCH_TIMEOUT_SECONDS).toBe(600);
    expect(parseEnv({ URL_FETCH_ALLOW: 'nas.lan, 10.0.0.0/8', URL_FETCH_TIMEOUT_SECONDS: '30' })).toMatchObject({
      URL_FETCH_ALLOW: [
        { kind: 'host', host: 'nas.lan' },
        { kind: 'range', cidr: '10.0.0.0/8' },
      ],
      URL_FETCH_TIMEOUT_SECONDS: 30,
    });
    expect(problemsOf({ URL_FETCH_ALLOW: '10.0.0.0/99' })[0]).toMatch(/^URL_FETCH_ALLOW .*CIDR/);
    expect(problemsOf({ URL_FETCH_TIMEOUT_SECONDS: '0' })[0]).toMatch(/^URL_FETCH_TIMEOUT_SECONDS/);
  });
});
