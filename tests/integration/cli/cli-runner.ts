// Runs the built `clipdock` as a child process, the way a user or a script does: its own HOME
// and config folder, no terminal (stdin a pipe), the environment given and nothing inherited but
// PATH. Answers the exit code and both outputs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export type CliResult = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };
export type CliOptions = {
  /** The user's home: the config folder is `<home>/config/clipdock` (XDG_CONFIG_HOME). */
  home: string;
  env?: Record<string, string | undefined>;
  input?: string | Buffer;
  cwd?: string;
};

export function cliBundle(): string {
  return join(inject('cliPackage'), 'dist', 'clipdock.mjs');
}

export async function makeHome(): Promise<{ home: string; configDir: string; remove: () => Promise<void> }> {
  const home = await mkdtemp(join(tmpdir(), 'clipdock-cli-home-'));
  return {
    home,
    configDir: join(home, 'config', 'clipdock'),
    remove: () => rm(home, { recursive: true, force: true }),
  };
}

export function cliEnv(options: CliOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: options.home,
    XDG_CONFIG_HOME: join(options.home, 'config'),
  };
  for (const [name, value] of Object.entries(options.env ?? {})) if (value !== undefined) env[name] = value;
  return env;
}

/** Starts `clipdock ARGS` and hands back the child (to kill it) and its outcome. */
export function startCli(
  args: readonly string[],
  options: CliOptions,
  command: readonly string[] = [process.execPath, cliBundle()],
): { child: ChildProcess; result: Promise<CliResult> } {
  const [program = process.execPath, ...leading] = command;
  const child = spawn(program, [...leading, ...args], {
    cwd: options.cwd ?? options.home,
    env: cliEnv(options),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(options.input ?? '');
  const result = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
  });
  return { child, result };
}

export function clipdock(args: readonly string[], options: CliOptions): Promise<CliResult> {
  return startCli(args, options).result;
}
