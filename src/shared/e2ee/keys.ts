// Keys of end-to-end encrypted shares (docs/encryption.md). A share's secret is 32 random bytes,
// carried only in the link's fragment as base64url; the keys used are derived from it with
// HKDF-SHA256, one per use, so the file's content, its name and type, and a paste never share a key.

export const SECRET_BYTES = 32;

export type KeyUse = 'content' | 'metadata' | 'paste';

export class WrongKeyError extends Error {
  constructor() {
    super('the key does not open this share');
    this.name = 'WrongKeyError';
  }
}

export function newSecret(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.byteLength; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Null for anything that is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The secret from a link's fragment (`#k=…`), or null when there is none or it is malformed. */
export function secretFromFragment(fragment: string): Uint8Array<ArrayBuffer> | null {
  const value = new URLSearchParams(fragment.replace(/^#/, '')).get('k');
  const bytes = value === null ? null : fromBase64Url(value);
  return bytes?.byteLength === SECRET_BYTES ? bytes : null;
}

export function fragmentFor(secret: Uint8Array): string {
  return `#k=${toBase64Url(secret)}`;
}

export async function deriveKey(secret: Uint8Array<ArrayBuffer>, use: KeyUse): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode(`clipdock-e2ee-v1 ${use}`),
    },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** One sealed message: a random 12-byte nonce, then AES-256-GCM of the bytes; base64url. */
export async function sealMessage(key: CryptoKey, plain: Uint8Array<ArrayBuffer>): Promise<string> {
  const iv = randomBytes(12);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(iv.byteLength + sealed.byteLength);
  out.set(iv);
  out.set(sealed, iv.byteLength);
  return toBase64Url(out);
}

/** Opens a sealed message; anything that does not open (another key, changed bytes) is a WrongKeyError. */
export async function openMessage(key: CryptoKey, sealed: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = fromBase64Url(sealed);
  if (bytes === null || bytes.byteLength < 12 + 16) throw new WrongKeyError();
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, 12) }, key, bytes.subarray(12)),
    );
  } catch {
    throw new WrongKeyError();
  }
}
