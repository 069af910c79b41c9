// The config folder and the files in it. It holds credentials, so the folder is owner-only (0700)
// and every file owner-only (0600), whatever the umask; files are replaced whole by a rename, so a
// crash never leaves half a file.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';

/** `$XDG_CONFIG_HOME/clipdock`, else `~/.config/clipdock`. */
export function configDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  const base =
    xdg !== undefined && xdg !== '' && isAbsolute(xdg) ? xdg : join(env.HOME?.trim() || homedir(), '.config');
  return join(base, 'clipdock');
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
}

export async function writePrivateFile(path: string, content: string): Promise<void> {
  await ensurePrivateDir(dirname(path));
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content, { mode: 0o600, flag: 'wx' });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The file's text, or undefined when there is none. */
export async function readPrivateFile(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function removePrivateFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

export function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
