import { describe, expect, it } from 'vitest';
import { newSecret, toBase64Url } from './keys';
import { e2eeLockSchema, kdfSchema, keyCheck, lockFor, matchesLock, newKdf } from './lock';
import { secretFromPassphrase } from './passphrase';
import { openFile, sealFile } from './share';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const vectorSecret = Uint8Array.from({ length: 32 }, (_, i) => i);
/** The passphrase vector of docs/encryption.md: cheap parameters, so the test is quick. */
const vectorKdf = {
  alg: 'argon2id' as const,
  v: 19 as const,
  salt: 'AAECAwQFBgcICQoLDA0ODw',
  m: 8192,
  t: 2,
  p: 1,
};

describe('the lock of an encrypted share', () => {
  it('derives the key check and the passphrase secret of docs/encryption.md', async () => {
    expect(await keyCheck(vectorSecret)).toBe('-AemFH0ROIH4oTSkaUC0vw');
    expect(vectorKdf.salt).toBe(toBase64Url(Uint8Array.from({ length: 16 }, (_, i) => i)));
    const secret = await secretFromPassphrase('correct horse battery staple', vectorKdf);
    expect(hex(secret)).toBe('a891dd91a3d123add6ea78ceedcc94a7f1dc1e4ca480e57e6f240a113662ea2f');
    expect(await keyCheck(secret)).toBe('EUISVLL1nBpL1dpnoRHf5w');
  });

  it('takes a passphrase as NFC, so the same words typed on another keyboard open the share', async () => {
    const composed = 'Ünïcödé pässphrase';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const expected = 'a119518122b7d865d5d689bd7d594ecac651101f9935e1edb474db62292f7fdb';
    expect(hex(await secretFromPassphrase(composed, vectorKdf))).toBe(expected);
    expect(hex(await secretFromPassphrase(decomposed, vectorKdf))).toBe(expected);
  });

  it('tells the right key from a wrong one, and lets a share made before locks through', async () => {
    const secret = newSecret();
    const lock = await lockFor(secret);
    expect(await matchesLock(secret, lock)).toBe(true);
    expect(await matchesLock(newSecret(), lock)).toBe(false);
    expect(await matchesLock(newSecret(), undefined)).toBe(true);
    const kdf = newKdf();
    expect(e2eeLockSchema.safeParse(await lockFor(secret, kdf)).success).toBe(true);
    expect(kdf.salt).not.toBe(newKdf().salt);
  });

  it('refuses parameters too costly or malformed for a visitor to derive', async () => {
    for (const bad of [
      { ...vectorKdf, m: 4 * 1024 * 1024 },
      { ...vectorKdf, m: 1024 },
      { ...vectorKdf, t: 0 },
      { ...vectorKdf, t: 1000 },
      { ...vectorKdf, p: 64 },
      { ...vectorKdf, v: 16 },
      { ...vectorKdf, salt: 'short' },
    ])
      expect(kdfSchema.safeParse(bad).success).toBe(false);
    await expect(secretFromPassphrase('x', { ...vectorKdf, m: 1 })).rejects.toThrow('malformed');
  });

  it('puts the key check and the parameters in a file header, and a wrong key fails the check', async () => {
    const secret = newSecret();
    const kdf = newKdf();
    const { header } = await sealFile(secret, { name: 'a.txt', type: 'text/plain', size: 1 }, kdf);
    expect(header.check).toBe(await keyCheck(secret));
    expect(header.kdf).toEqual(kdf);
    expect((await openFile(secret, header)).meta.name).toBe('a.txt');
    await expect(openFile(newSecret(), header)).rejects.toThrow('does not open');
  });
});
