// What an end-to-end encrypted share stores beside its ciphertext (docs/encryption.md): for a file,
// the format version, the records' nonce prefix and its name, type and size sealed with the
// metadata key; for a paste, its text sealed with the paste key. Nothing here is secret without
// the link's fragment.
import * as z from 'zod/mini';
import { deriveKey, fromBase64Url, openMessage, randomBytes, sealMessage, toBase64Url, WrongKeyError } from './keys';
import { NONCE_PREFIX_BYTES, type RecordKey } from './records';
import { type Kdf, kdfSchema, keyCheck, keyCheckSchema, matchesLock } from './lock';

export const E2EE_VERSION = 1;

export const e2eeFileHeaderSchema = z.object({
  v: z.literal(E2EE_VERSION),
  prefix: z.string().check(z.regex(/^[A-Za-z0-9_-]{11}$/)),
  meta: z.string().check(z.regex(/^[A-Za-z0-9_-]+$/), z.maxLength(4096)),
  /** The key check (lock.ts); headers written before it have none. */
  check: z.optional(keyCheckSchema),
  /** A passphrase share's Argon2id parameters; its link carries no key. */
  kdf: z.optional(kdfSchema),
});
export type E2eeFileHeader = z.infer<typeof e2eeFileHeaderSchema>;

const fileMetaSchema = z.object({
  name: z.string(),
  type: z.string(),
  size: z.number().check(z.int(), z.nonnegative()),
});
export type E2eeFileMeta = z.infer<typeof fileMetaSchema>;

/** What the server calls an encrypted file, whose own name only the link's key opens. */
export const E2EE_FILE_NAME = 'encrypted.bin';

/** A paste's sealed text starts with this, so a reader knows it holds ciphertext. */
export const SEALED_PASTE_PREFIX = 'e2ee1:';

/** `kdf`: the parameters the secret was derived from a passphrase with, for a passphrase share. */
export async function sealFile(
  secret: Uint8Array<ArrayBuffer>,
  meta: E2eeFileMeta,
  kdf?: Kdf,
): Promise<{ header: E2eeFileHeader; recordKey: RecordKey }> {
  const prefix = randomBytes(NONCE_PREFIX_BYTES);
  const sealed = await sealMessage(await deriveKey(secret, 'metadata'), new TextEncoder().encode(JSON.stringify(meta)));
  const check = await keyCheck(secret);
  return {
    header: {
      v: E2EE_VERSION,
      prefix: toBase64Url(prefix),
      meta: sealed,
      check,
      ...(kdf === undefined ? {} : { kdf }),
    },
    recordKey: { key: await deriveKey(secret, 'content'), prefix },
  };
}

/** The file's name, type and size and the key to open its records; a WrongKeyError when the secret is not the share's. */
export async function openFile(
  secret: Uint8Array<ArrayBuffer>,
  header: E2eeFileHeader,
): Promise<{ meta: E2eeFileMeta; recordKey: RecordKey }> {
  const prefix = fromBase64Url(header.prefix);
  if (prefix?.byteLength !== NONCE_PREFIX_BYTES) throw new RangeError('malformed nonce prefix');
  if (header.check !== undefined && !(await matchesLock(secret, { check: header.check }))) throw new WrongKeyError();
  const opened = await openMessage(await deriveKey(secret, 'metadata'), header.meta);
  const meta = fileMetaSchema.parse(JSON.parse(new TextDecoder().decode(opened)));
  return { meta, recordKey: { key: await deriveKey(secret, 'content'), prefix } };
}

export async function sealPaste(secret: Uint8Array<ArrayBuffer>, text: string): Promise<string> {
  return SEALED_PASTE_PREFIX + (await sealMessage(await deriveKey(secret, 'paste'), new TextEncoder().encode(text)));
}

/** The prefix and at least a nonce and a tag (28 bytes) in base64url. */
const sealedPastePattern = /^e2ee1:[A-Za-z0-9_-]{38,}$/;

export function isSealedPaste(content: string): boolean {
  return sealedPastePattern.test(content);
}

export async function openPaste(secret: Uint8Array<ArrayBuffer>, sealed: string): Promise<string> {
  const opened = await openMessage(await deriveKey(secret, 'paste'), sealed.slice(SEALED_PASTE_PREFIX.length));
  return new TextDecoder('utf-8', { fatal: true }).decode(opened);
}
