// What a reader needs before any content (docs/encryption.md, "The lock"): a key check, so a wrong
// key or passphrase is told without reading (and so without spending a view of) the share; and for
// a passphrase share, the Argon2id parameters that turn the passphrase into the share's secret.
// Stored beside the share, in clear: neither opens anything without the key or the passphrase.
import * as z from 'zod/mini';
import { randomBytes, toBase64Url } from './keys';

export const KDF_SALT_BYTES = 16;
export const KEY_CHECK_BYTES = 16;
/** Argon2 version 1.3 (0x13), the only one written or read. */
export const ARGON2_VERSION = 19;

/**
 * The parameters a new passphrase share is made with: 64 MiB, 6 passes, one lane. About 0.6 s
 * in Chromium on the reference machine (bench/RESULTS.md), and far more for every guess offline.
 */
export const DEFAULT_KDF_COST = { memory: 65_536, iterations: 6, parallelism: 1 } as const;

/** Bounds a reader accepts, so a share cannot make its visitors' browsers spend minutes or gigabytes. */
const MEMORY_KIB = { min: 8192, max: 262_144 };
const ITERATIONS = { min: 1, max: 32 };
const PARALLELISM = { min: 1, max: 8 };

const base64url = (bytes: number) =>
  z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`)));
const boundedInt = ({ min, max }: { min: number; max: number }) => z.int().check(z.gte(min), z.lte(max));

export const kdfSchema = z.object({
  alg: z.literal('argon2id'),
  v: z.literal(ARGON2_VERSION),
  salt: base64url(KDF_SALT_BYTES),
  /** KiB. */
  m: boundedInt(MEMORY_KIB),
  t: boundedInt(ITERATIONS),
  p: boundedInt(PARALLELISM),
});
export type Kdf = z.infer<typeof kdfSchema>;

export const keyCheckSchema = base64url(KEY_CHECK_BYTES);

/** Beside a paste (its own field) or inside a file's header: the key check, and the passphrase's parameters if any. */
export const e2eeLockSchema = z.object({ check: keyCheckSchema, kdf: z.optional(kdfSchema) });
export type E2eeLock = z.infer<typeof e2eeLockSchema>;

export class MalformedKdfError extends Error {
  constructor() {
    super('malformed passphrase parameters');
    this.name = 'MalformedKdfError';
  }
}

/** Fresh parameters with a random salt. */
export function newKdf(cost: { memory: number; iterations: number; parallelism: number } = DEFAULT_KDF_COST): Kdf {
  return {
    alg: 'argon2id',
    v: ARGON2_VERSION,
    salt: toBase64Url(randomBytes(KDF_SALT_BYTES)),
    m: cost.memory,
    t: cost.iterations,
    p: cost.parallelism,
  };
}

/** The key check of a secret: HKDF-SHA256 with the info `clipdock-e2ee-v1 check`, 16 bytes, base64url. */
export async function keyCheck(secret: Uint8Array<ArrayBuffer>): Promise<string> {
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode('clipdock-e2ee-v1 check'),
    },
    base,
    KEY_CHECK_BYTES * 8,
  );
  return toBase64Url(new Uint8Array(bits));
}

/** Whether the secret is the share's; a share made before key checks (no lock) passes, and is told by its content. */
export async function matchesLock(secret: Uint8Array<ArrayBuffer>, lock: E2eeLock | undefined): Promise<boolean> {
  return lock === undefined || (await keyCheck(secret)) === lock.check;
}

/** A new share's lock: the key check of its secret, and the parameters it was derived with, if any. */
export async function lockFor(secret: Uint8Array<ArrayBuffer>, kdf?: Kdf): Promise<E2eeLock> {
  const check = await keyCheck(secret);
  return kdf === undefined ? { check } : { check, kdf };
}
