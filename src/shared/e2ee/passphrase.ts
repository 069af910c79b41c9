// A passphrase share's secret (docs/encryption.md, "Passphrases"): Argon2id of the passphrase with
// the parameters stored in the share's lock. Slow and memory-hard by design, so the app runs it in a
// worker (src/ui/domain/e2ee/passphrase.worker.ts); kept apart from lock.ts so no page bundle carries it.
import { argon2id } from 'hash-wasm';
import { fromBase64Url, SECRET_BYTES } from './keys';
import { type Kdf, kdfSchema, MalformedKdfError } from './lock';

/** The passphrase as the bytes Argon2id takes: Unicode NFC, then UTF-8. */
export function passphraseBytes(passphrase: string): Uint8Array {
  return new TextEncoder().encode(passphrase.normalize('NFC'));
}

/** The share's 32-byte secret from a passphrase: Argon2id with the share's parameters. Memory-hard and slow by design. */
export async function secretFromPassphrase(passphrase: string, kdf: Kdf): Promise<Uint8Array<ArrayBuffer>> {
  const parsed = kdfSchema.safeParse(kdf);
  const salt = parsed.success ? fromBase64Url(parsed.data.salt) : null;
  if (!parsed.success || salt === null) throw new MalformedKdfError();
  const out = await argon2id({
    password: passphraseBytes(passphrase),
    salt,
    iterations: parsed.data.t,
    memorySize: parsed.data.m,
    parallelism: parsed.data.p,
    hashLength: SECRET_BYTES,
    outputType: 'binary',
  });
  return new Uint8Array(out);
}
