// Builds the `clipdock` package once per integration run, the way it ships: a copy of cli/'s
// package.json and README beside the bundle vite.cli.config.ts makes, in a temp folder. The
// tests run that bundle as a child process and pack that folder for a global install.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

const repo = resolve(import.meta.dirname, '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the built package: package.json, README.md, dist/clipdock.mjs. */
    cliPackage: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdock-cli-pkg-'));
  await Promise.all(['package.json', 'README.md'].map((name) => copyFile(join(repo, 'cli', name), join(dir, name))));
  await build({
    root: repo,
    configFile: join(repo, 'vite.cli.config.ts'),
    logLevel: 'error',
    build: { outDir: join(dir, 'dist') },
  });
  project.provide('cliPackage', dir);
  return () => rm(dir, { recursive: true, force: true });
}
