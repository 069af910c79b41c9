// HMAC signatures for URLs Clipdock hands out: local-driver blob URLs and short-lived file
// access tokens. Keys are derived per purpose from ENCRYPTION_SECRET; checks are constant-time.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

export type SignedFields = Record<string, string | number | undefined>;

export class UrlSigner {
  readonly #key: Buffer;

  constructor(secret: string, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'clipdock', `signed-url/${purpose}`, 32));
  }

  /** Signs the fields in a fixed order; undefined fields are signed as empty. */
  sign(fields: SignedFields): string {
    const canonical = Object.keys(fields)
      .sort()
      .map((name) => `${name}=${String(fields[name] ?? '')}`)
      .join('\n');
    return createHmac('sha256', this.#key).update(canonical).digest('base64url');
  }

  verify(fields: SignedFields, signature: string): boolean {
    const expected = Buffer.from(this.sign(fields));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A compact `<subject>.<expiresAtSeconds>.<signature>` token. */
  token(subject: string, expiresAtMs: number): string {
    const exp = Math.floor(expiresAtMs / 1000);
    return `${subject}.${exp}.${this.sign({ subject, exp })}`;
  }

  /** True when the token names `subject`, is unaltered and has not expired. */
  checkToken(token: string, subject: string, nowMs: number): boolean {
    const [tokenSubject, exp, signature, ...rest] = token.split('.');
    if (tokenSubject !== subject || exp === undefined || signature === undefined || rest.length > 0) return false;
    if (!/^\d+$/.test(exp) || Number(exp) * 1000 <= nowMs) return false;
    return this.verify({ subject, exp: Number(exp) }, signature);
  }
}

/** The origin the caller used, for absolute links; forwarded headers only behind a trusted proxy. */
export function requestOrigin(c: Context<AppEnv>, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  if (trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host !== undefined && host !== '') url.host = host;
  }
  return url.origin;
}
