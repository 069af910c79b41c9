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

  const bucket = {
    S3_ENDPOINT: 'http://s3.lan:8333',
    S3_BUCKET: 'clipdock',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('reads the S3_ variables of the first start, all four together', () => {
    expect(parseEnv({ ...bucket, S3_REGION: 'eu-west-1' })).toMatchObject({ ...bucket, S3_REGION: 'eu-west-1' });
    expect(parseEnv({ S3_ENDPOINT: '', S3_REGION: '' }).S3_ENDPOINT).toBeUndefined();
    expect(problemsOf({ S3_ENDPOINT: bucket.S3_ENDPOINT })).toEqual([
      'S3_BUCKET is required with S3_ENDPOINT',
      'S3_ACCESS_KEY_ID is required with S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY is required with S3_ENDPOINT',
    ]);
    expect(problemsOf({ ...bucket, S3_SECRET_ACCESS_KEY: '' })).toEqual([
      'S3_SECRET_ACCESS_KEY is required with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID',
    ]);
    expect(problemsOf({ S3_REGION: 'us-east-1' })).toHaveLength(4);
  });

  it.each([
    ['S3_ENDPOINT', 'ftp://s3.lan', 'S3_ENDPOINT must be an http or https URL'],
    ['S3_ENDPOINT', 'http://169.254.169.254', 'S3_ENDPOINT may not point at a cloud metadata'],
    ['S3_BUCKET', 'ab', 'S3_BUCKET must be 3 to 63 characters'],
  ])('checks %s as a storage config would (%j)', (name, value, problem) => {
    const problems = problemsOf({ ...bucket, [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${problem}`));
  });
});
