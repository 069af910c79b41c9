// ENCRYPTION_SECRET protects stored S3 keys. When it is not set, a random secret is created once
// in DATA_DIR/encryption.key (mode 0600) and reused, so restarts can still decrypt.
import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const encryptionKeyFileName = 'encryption.key';

export async function resolveEncryptionSecret(dataDir: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv !== undefined) return fromEnv;
  const file = join(dataDir, encryptionKeyFileName);
  const existing = await readExisting(file);
  if (existing !== undefined) return existing;
  const secret = randomBytes(32).toString('hex');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return secret;
  } catch (error) {
    const raced = await readExisting(file);
    if (raced !== undefined) return raced;
    throw error;
  }
}

async function readExisting(file: string): Promise<string | undefined> {
  try {
    const value = (await readFile(file, 'utf8')).trim();
    if (value.length < 32)
      throw new Error(`${file} holds a secret shorter than 32 characters; delete it or set ENCRYPTION_SECRET`);
    return value;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}
