import { describe, expect, it } from 'vitest';
import { fragmentFor, fromBase64Url, newSecret, secretFromFragment, toBase64Url, WrongKeyError } from './keys';
import { isSealedPaste, openFile, openPaste, sealFile, sealPaste } from './share';

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
const vectorSecret = Uint8Array.from({ length: 32 }, (_, i) => i);

async function derivedBytes(use: string): Promise<string> {
  const base = await crypto.subtle.importKey('raw', vectorSecret, 'HKDF', false, ['deriveBits']);
  const info = new TextEncoder().encode(`clipdock-e2ee-v1 ${use}`);
  return hex(
    await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info }, base, 256),
  );
}

describe('end-to-end encrypted shares', () => {
  it('derives the keys of docs/encryption.md', async () => {
    expect(await derivedBytes('content')).toBe('e5c9a0acbef1a575f7b9075aa51d50eeb75b57792da20a5c9e89dfbafb105a9b');
    expect(await derivedBytes('metadata')).toBe('059944aaf48c032595f532d330cca19e525f3bda98d42fa0fd4c3a31680a730c');
    expect(await derivedBytes('paste')).toBe('10e7c0eb2a9131de824306921b14e7775ec3210f42946852493bd2feae6f6a83');
  });

  it('opens the paste and file vectors of docs/encryption.md', async () => {
    const paste =
      'e2ee1:u5NcNeEoxEQa4Y3trwKY1AHarKcLM3Q7oVjwEQIfhr33hDsL4Om3oD_kItExkbmrm8B0UTJUiKVRkSJxrHEJ8LAwjsJc8uFe';
    expect(await openPaste(vectorSecret, paste)).toBe('# Hello\n\nThis paste is end-to-end encrypted.');
    const header = {
      v: 1 as const,
      prefix: '2o4C7QfI-m4',
      meta: '6X6HA-4AR5sPLZ4n5CwOJY9zEFEdm80gZCcL49VLuJIT5Qb1BU5mDC68jsj0dZIxCaNbfFIytqeE0JZ8KXO2WfpFQTvFJINE7Dc9my3v5FScpZifswE9',
    };
    const { meta, recordKey } = await openFile(vectorSecret, header);
    expect(meta).toEqual({ name: 'report.pdf', type: 'application/pdf', size: 65525 });
    expect(hex(recordKey.prefix)).toBe('da8e02ed07c8fa6e');
  });

  it('round-trips a paste and a file header, and names a wrong key', async () => {
    const secret = newSecret();
    const sealed = await sealPaste(secret, '日本語 and emoji 🔐');
    expect(isSealedPaste(sealed)).toBe(true);
    expect(sealed).not.toContain('emoji');
    expect(await openPaste(secret, sealed)).toBe('日本語 and emoji 🔐');
    await expect(openPaste(newSecret(), sealed)).rejects.toBeInstanceOf(WrongKeyError);
    const { header } = await sealFile(secret, { name: 'a.txt', type: 'text/plain', size: 3 });
    expect(JSON.stringify(header)).not.toContain('a.txt');
    expect((await openFile(secret, header)).meta.name).toBe('a.txt');
    await expect(openFile(newSecret(), header)).rejects.toBeInstanceOf(WrongKeyError);
  });

  it('carries the secret in the fragment only, and refuses a malformed one', () => {
    const secret = newSecret();
    expect(secretFromFragment(fragmentFor(secret))).toEqual(secret);
    expect(secretFromFragment('#k=short')).toBeNull();
    expect(secretFromFragment('')).toBeNull();
    expect(secretFromFragment('#k=a+b/')).toBeNull();
    expect(fromBase64Url(toBase64Url(new Uint8Array([251, 255, 0])))).toEqual(new Uint8Array([251, 255, 0]));
  });
});
