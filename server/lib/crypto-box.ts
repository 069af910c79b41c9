// AES-256-GCM for secrets kept in the database (S3 secret keys). The key is derived from
// ENCRYPTION_SECRET with HKDF; each value gets a random 12-byte IV and a version prefix.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const version = 'v1';
const ivBytes = 12;

export class CryptoBox {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'clipdock', 'crypto-box/v1', 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
  seal(plaintext: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [version, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was not sealed with this secret or has been altered. */
  open(sealed: string): string {
    const [tag, iv, authTag, body, ...rest] = sealed.split('.');
    if (tag !== version || iv === undefined || authTag === undefined || body === undefined || rest.length > 0) {
      throw new Error('unsupported sealed value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
