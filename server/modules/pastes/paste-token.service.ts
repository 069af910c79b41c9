// Raw links to protected pastes carry a short-lived HMAC token instead of the password, so the
// password never sits in a URL. The key is derived from ENCRYPTION_SECRET and never stored.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from '@server/lib/clock';

export const RAW_TOKEN_TTL_MS = 5 * 60 * 1000;

const tokenShape = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export class PasteTokenService {
  readonly #key: Buffer;

  constructor(
    encryptionSecret: string,
    private readonly clock: Clock,
  ) {
    this.#key = Buffer.from(hkdfSync('sha256', encryptionSecret, 'clipdock', 'paste raw token v1', 32));
  }

  /** `<expiry epoch seconds>.<signature>`, bound to this paste's id and slug. */
  issue(pasteId: string, slug: string): string {
    const expiry = Math.floor((this.clock.now() + RAW_TOKEN_TTL_MS) / 1000);
    return `${expiry}.${this.#sign(pasteId, slug, expiry).toString('base64url')}`;
  }

  verify(token: string, pasteId: string, slug: string): boolean {
    const [, expiryText = '', signature = ''] = tokenShape.exec(token) ?? [];
    const expiry = Number(expiryText);
    if (signature === '' || expiry * 1000 <= this.clock.now()) return false;
    return timingSafeEqual(Buffer.from(signature, 'base64url'), this.#sign(pasteId, slug, expiry));
  }

  #sign(pasteId: string, slug: string, expiry: number): Buffer {
    return createHmac('sha256', this.#key).update(`${pasteId}\n${slug}\n${expiry}`).digest();
  }
}
