// argon2id hashing (the library default algorithm). Unknown users are checked against a dummy
// hash so a wrong username costs the same time as a wrong password.
import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';

let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Burns one verification's worth of time and always fails. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(32).toString('hex'));
  await verify(await dummyHash, password);
  return false;
}
