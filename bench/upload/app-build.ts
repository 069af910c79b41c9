// A production build of the web app in a private folder: the last commit with the working copy
// of src/workers on top, so half-finished edits elsewhere in the tree never break the benchmark
// and the engine measured is the one being worked on. The shared dist/ is never touched.
import { execFile } from 'node:child_process';
import { cp, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Builds into `<workDir>/app` and returns that folder. */
export async function buildApp(root: string, workDir: string): Promise<string> {
  const source = join(workDir, 'source');
  const outDir = join(workDir, 'app');
  await mkdir(source, { recursive: true });
  await run('bash', ['-c', `git -C "$0" archive HEAD | tar -x -C "$1"`, root, source], { timeout: 60_000 });
  await cp(join(root, 'src/workers'), join(source, 'src/workers'), { recursive: true });
  await symlink(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
  await run(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: source, timeout: 300_000 },
  );
  return outDir;
}
