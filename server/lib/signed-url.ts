// HMAC signatures for URLs Clipdock hands out: local-driver blob URLs and short-lived file
// access tokens. Keys are derived per purpose from ENCRYPTION_SECRET; checks are constant-time.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '@server/app-env';

export type SignedFields = Record<string, string | number | undefined>;

export class UrlSigner {
  readonly #key: Buffer;

  constructor(secret: string, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'clipdock', `signed-url/${purpose}`, 32));
  }

  /**
   * Signs a canonical JSON encoding: [name, value] pairs sorted by name, undefined as null. JSON
   * escaping keeps values from spilling into other fields, and numbers stay distinct from text.
   */
  sign(fields: SignedFields): string {
    const canonical = JSON.stringify(
      Object.keys(fields)
        .sort()
        .map((name) => [name, fields[name] ?? null]),
    );
    return createHmac('sha256', this.#key).update(canonical).digest('base64url');
  }

  verify(fields: SignedFields, signature: string): boolean {
    const expected = Buffer.from(this.sign(fields));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** A compact `<subject>.<id>.<expiresAtSeconds>.<signature>` token; `id` is random and unique. */
  token(subject: string, expiresAtMs: number): { token: string; id: string } {
    const id = randomBytes(12).toString('base64url');
    const exp = Math.floor(expiresAtMs / 1000);
    return { token: `${subject}.${id}.${exp}.${this.sign({ subject, id, exp })}`, id };
  }

  /** The token's id when it names `subject`, is unaltered and has not expired; null otherwise. */
  checkToken(token: string, subject: string, nowMs: number): { id: string; expiresAtMs: number } | null {
    const [tokenSubject, id, exp, signature, ...rest] = token.split('.');
    if (tokenSubject !== subject || id === undefined || exp === undefined || signature === undefined || rest.length > 0)
      return null;
    if (!/^[A-Za-z0-9_-]{16}$/.test(id) || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return null;
    return this.verify({ subject, id, exp: Number(exp) }, signature) ? { id, expiresAtMs: Number(exp) * 1000 } : null;
  }
}

/** The origin the caller used, for absolute links; forwarded headers only behind a trusted proxy. */
export function requestOrigin(c: Context<AppEnv>, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  if (!trustProxy) return url.origin;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  const scheme = proto === 'http' || proto === 'https' ? `${proto}:` : url.protocol;
  // A forwarded host replaces host and port together (the URL host setter would keep the port).
  const forwarded = host !== undefined && host !== '' ? URL.parse(`${scheme}//${host}`) : null;
  return forwarded === null ? `${scheme}//${url.host}` : forwarded.origin;
}

/**
 * This server's own address as the socket that took the request sees it, for requests the
 * server sends to itself; unlike the Host header, a client cannot point it elsewhere.
 */
export function listenerOrigin(c: Context<AppEnv>): string {
  const { localAddress = '127.0.0.1', localPort } = c.env.incoming.socket;
  return `http://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}
