// How the benchmark starts the server. `bundle` (the default) is what `npm start` runs: the
// server built by vite.server.config.ts, with the Node flags of the serve script it calls. `tsx`
// runs the TypeScript sources through the loader, for comparison. `--node-arg=<flag>` adds flags.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export type ServerMode = 'bundle' | 'tsx';

const packageSchema = z.object({ scripts: z.object({ serve: z.string() }) });
const startNodeCall = /\bnode((?:\s+--\S+)*)\s+dist-server\/server\.mjs\b/;

export function parseServerOptions(argv: readonly string[]): { mode: ServerMode; extraNodeArgs: string[] } {
  const mode = argv.includes('--server=tsx') ? 'tsx' : 'bundle';
  const extraNodeArgs = argv
    .filter((arg) => arg.startsWith('--node-arg='))
    .map((arg) => arg.slice('--node-arg='.length));
  return { mode, extraNodeArgs };
}

/** The Node flags of the `node … dist-server/server.mjs` call in the serve script (run by `npm start`). */
export async function startScriptNodeArgs(root: string): Promise<string[]> {
  const { scripts } = packageSchema.parse(JSON.parse(await readFile(join(root, 'package.json'), 'utf8')));
  const match = startNodeCall.exec(scripts.serve);
  if (match === null) throw new Error('the serve script does not run node dist-server/server.mjs');
  return (match[1] ?? '')
    .trim()
    .split(/\s+/)
    .filter((flag) => flag !== '');
}

function buildBundle(root: string): Promise<void> {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [vite, 'build', '-c', 'vite.server.config.ts', '--logLevel', 'warn'],
      { cwd: root },
      (error) => (error === null ? resolve() : reject(error)),
    );
  });
}

/** Arguments for `process.execPath` that start the server in `mode`. */
export async function serverArgs(root: string, mode: ServerMode, extraNodeArgs: readonly string[]): Promise<string[]> {
  if (mode === 'tsx') return [...extraNodeArgs, '--import', 'tsx', join(root, 'server/index.ts')];
  await buildBundle(root);
  return [...(await startScriptNodeArgs(root)), ...extraNodeArgs, join(root, 'dist-server/server.mjs')];
}
