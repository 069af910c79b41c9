// Environment variables are parsed once at start-up. Any bad value stops the process with a
// message that names the variable, rather than failing later on first use.
import { z } from 'zod';
import { createS3ConfigRequestSchema } from '@shared/api/storage-config.schema';
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

/** The S3_ variables, each with the storage config field it fills; the first four go together. */
const s3Variables = [
  ['S3_ENDPOINT', 'endpoint_url'],
  ['S3_BUCKET', 'bucket_name'],
  ['S3_ACCESS_KEY_ID', 'access_key_id'],
  ['S3_SECRET_ACCESS_KEY', 'secret_access_key'],
  ['S3_REGION', 'region'],
] as const;
type S3Variable = (typeof s3Variables)[number][0];
const requiredS3Variables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const { shape } = createS3ConfigRequestSchema;
const s3Bucket = z.object({
  endpoint_url: shape.endpoint_url,
  bucket_name: shape.bucket_name,
  access_key_id: shape.access_key_id,
  secret_access_key: shape.secret_access_key,
  region: shape.region,
});

/**
 * The S3_ variables are all set or none, and the bucket they name passes the rules of a storage
 * config an administrator adds; each problem names its variable.
 */
function checkS3Variables(env: Partial<Record<S3Variable, string>>, ctx: z.RefinementCtx): void {
  const set = s3Variables.filter(([name]) => env[name] !== undefined).map(([name]) => name);
  if (set.length === 0) return;
  const missing = requiredS3Variables.filter((name) => env[name] === undefined);
  for (const name of missing) {
    ctx.addIssue({ code: 'custom', path: [name], message: `is required with ${set.join(', ')}` });
  }
  if (missing.length > 0) return;
  const parsed = s3Bucket.safeParse(Object.fromEntries(s3Variables.map(([name, field]) => [field, env[name]])));
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0]);
    const variable = s3Variables.find(([, candidate]) => candidate === field)?.[0] ?? field;
    const message = issue.message.startsWith(`${field} `) ? issue.message.slice(field.length + 1) : issue.message;
    ctx.addIssue({ code: 'custom', path: [variable], message });
  }
}

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
  STORAGE_TIMEOUT_SECONDS: z.preprocess(
    emptyIsUnset,
    z
      .string()
      .regex(/^\d{1,4}$/, 'must be a whole number of seconds, at least 1')
      .transform(Number)
      .refine((n) => n >= 1, 'must be a whole number of seconds, at least 1')
      .default(30),
  ),
  S3_ENDPOINT: optional(z.string()),
  S3_BUCKET: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_REGION: optional(z.string()),
});

/** The variables checked one by one, then together. */
const checkedEnvSchema = envSchema.superRefine(checkS3Variables);

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
  const result = checkedEnvSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.message}`));
}
