import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliContext } from './context';
import { runCli } from './program';

function context(): { ctx: CliContext; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk));
  stderr.on('data', (chunk: Buffer) => (err += chunk));
  const ctx = {
    env: { HOME: '/nonexistent' },
    stdin: new PassThrough(),
    stdout,
    stderr,
    cwd: '/',
    signal: new AbortController().signal,
  } as unknown as CliContext;
  return { ctx, out: () => out, err: () => err };
}

describe('the command table', () => {
  it('answers --help for every command with exit 0', async () => {
    for (const name of ['login', 'logout', 'paste', 'upload', 'get', 'ls', 'put', 'mv', 'rm']) {
      const { ctx, out } = context();
      expect(await runCli(ctx, [name, '--help']), name).toBe(0);
      expect(out()).toContain(`Usage: clipdock ${name}`);
    }
  });

  it('exits 1 for an unknown command or option, naming it', async () => {
    const unknown = context();
    expect(await runCli(unknown.ctx, ['fly'])).toBe(1);
    expect(unknown.err()).toContain("unknown command 'fly'");
    const option = context();
    expect(await runCli(option.ctx, ['paste', '--colour'])).toBe(1);
    expect(option.err()).toContain("unknown option '--colour'");
  });
});
