import { chmod, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configDir, writePrivateFile } from './private-files';

describe('the config folder', () => {
  let root: string;
  let umask: number;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'clipdock-private-'));
    umask = process.umask(0);
  });
  afterEach(async () => {
    process.umask(umask);
    await rm(root, { recursive: true, force: true });
  });

  it('lives under XDG_CONFIG_HOME when it is absolute, else under ~/.config', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x/conf', HOME: '/home/a' })).toBe('/x/conf/clipdock');
    expect(configDir({ XDG_CONFIG_HOME: 'relative', HOME: '/home/a' })).toBe('/home/a/.config/clipdock');
    expect(configDir({ HOME: '/home/a' })).toBe('/home/a/.config/clipdock');
  });

  it('keeps files 0600 in a 0700 folder whatever the umask, an existing open folder included', async () => {
    const dir = join(root, 'clipdock');
    await mkdir(dir, { mode: 0o755 });
    await chmod(dir, 0o755);
    const file = join(dir, 'credentials.json');
    await writePrivateFile(file, 'one');
    await writePrivateFile(file, 'two');
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe('two');
  });
});
