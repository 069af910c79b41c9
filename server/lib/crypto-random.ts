import { createHash, randomBytes, randomInt } from 'node:crypto';

const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A bearer secret: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256, used to store tokens and API keys without keeping the secret itself. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Random alphanumeric string; randomInt rejects out-of-range draws, so there is no modulo bias. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphanumeric.charAt(randomInt(alphanumeric.length));
  return out;
}
