// The one stored sign-in: the server and either an admin session token (never the password) or an
// API key, in `credentials.json` of the config folder, owner-only.
import { join } from 'node:path';
import * as z from 'zod/mini';
import { configDir, readPrivateFile, removePrivateFile, writePrivateFile } from './private-files';

export const storedCredentialSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('admin'),
    server: z.string(),
    username: z.string(),
    token: z.string().check(z.minLength(1)),
    expiresAt: z.string(),
  }),
  z.object({
    kind: z.literal('apikey'),
    server: z.string(),
    name: z.string(),
    key: z.string().check(z.minLength(1)),
  }),
]);
export type StoredCredential = z.infer<typeof storedCredentialSchema>;

export function credentialsPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'credentials.json');
}

/** The stored sign-in; undefined when there is none or the file is not one of ours. */
export async function readCredential(env: NodeJS.ProcessEnv): Promise<StoredCredential | undefined> {
  const text = await readPrivateFile(credentialsPath(env));
  if (text === undefined) return undefined;
  try {
    const parsed = z.safeParse(storedCredentialSchema, JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function storeCredential(env: NodeJS.ProcessEnv, credential: StoredCredential): Promise<string> {
  const path = credentialsPath(env);
  await writePrivateFile(path, `${JSON.stringify(credential, null, 2)}\n`);
  return path;
}

export async function forgetCredential(env: NodeJS.ProcessEnv): Promise<void> {
  await removePrivateFile(credentialsPath(env));
}
