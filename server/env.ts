// Environment variables are parsed once at start-up. Any bad value stops the process with a
// message that names the variable, rather than failing later on first use.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH } from '@shared/limits';
import { logLevels } from './lib/logger';
import { parseAllowList } from './lib/net/url-fetch-policy';

const knownDefaultSecrets = new Set([
  'changeme',
  'change-me',
  'secret',
  'default',
  'password',
  'clipdock',
  'cloudpaste',
  'default-encryption-key',
  'your-secret-key',
  'please-change-this-encryption-secret',
  'change-this-to-a-long-random-secret-value',
]);

const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyIsUnset, schema.optional());

function weakSecretProblem(secret: string): string | undefined {
  if (knownDefaultSecrets.has(secret.trim().toLowerCase())) return 'is a known default value; set a random secret';
  if (secret.length < 32) return 'must be at least 32 characters (try `openssl rand -hex 32`)';
  if (new Set(secret).size <= 4) return 'is too weak; use a random value';
  return undefined;
}

const encryptionSecret = z.string().superRefine((secret, ctx) => {
  const problem = weakSecretProblem(secret);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});

/** URL_FETCH_ALLOW: comma-separated host names or CIDR ranges; empty allows nothing extra. */
const urlFetchAllow = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const { entries, problems } = parseAllowList(text);
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
    return entries;
  });

const envSchema = z.object({
  PORT: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a port number between 0 and 65535')
      .transform(Number)
      .refine((n) => n <= 65_535, 'must be a port number between 0 and 65535')
      .default(8787),
  ),
  DATA_DIR: z.preprocess(emptyIsUnset, z.string().default('./data')),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL (leave unset for SQLite)'),
  ),
  ENCRYPTION_SECRET: optional(encryptionSecret),
  ADMIN_USERNAME: optional(
    z.string().trim().min(1).max(USERNAME_MAX_LENGTH, `must be at most ${USERNAME_MAX_LENGTH} characters`),
  ),
  ADMIN_PASSWORD: optional(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ),
  LOG_LEVEL: z.preprocess(
    emptyIsUnset,
    z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  ),
  NODE_ENV: z.preprocess(
    emptyIsUnset,
    z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
  ),
  TRUST_PROXY: z.preprocess(
    emptyIsUnset,
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1'),
  ),
  URL_FETCH_ALLOW: z.preprocess(emptyIsUnset, urlFetchAllow),
  URL_FETCH_TIMEOUT_SECONDS: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number of seconds, at least 1')
      .transform(Number)
      .refine((n) => n >= 1, 'must be a whole number of seconds, at least 1')
      .default(600),
  ),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`invalid environment: ${problems.join('; ')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/** Parses the variables Clipdock reads; throws EnvError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.message}`));
}
