// Questions on the terminal (asked on stderr, so stdout stays the command's answer) and the
// non-interactive ways to hand the same answers in: the first line of standard input.
import { createInterface } from 'node:readline/promises';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode } from './exit-codes';

export function isInteractive(ctx: CliContext): boolean {
  return ctx.stdin.isTTY === true;
}

export async function askLine(ctx: CliContext, question: string): Promise<string> {
  const lines = createInterface({ input: ctx.stdin, output: ctx.stderr, terminal: true });
  try {
    return (await lines.question(question, { signal: ctx.signal })).trim();
  } catch (error) {
    if (ctx.signal.aborted) throw new CliError(ExitCode.interrupted, 'interrupted');
    throw error;
  } finally {
    lines.close();
  }
}

/** Reads a secret without echoing it: raw mode, Enter ends it, Backspace takes back, Ctrl-C stops. */
export function askSecret(ctx: CliContext, question: string): Promise<string> {
  const { stdin, stderr } = ctx;
  stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stderr.write('\n');
      outcome();
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish(() => resolve(value));
        if (char === '\u0003') return finish(() => reject(new CliError(ExitCode.interrupted, 'interrupted')));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** Everything on standard input, as bytes. */
export async function readAllStdin(ctx: CliContext): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** The first line of standard input, for a secret piped in (`echo "$KEY" | clipdock login …`). */
export async function readStdinLine(ctx: CliContext): Promise<string> {
  const text = (await readAllStdin(ctx)).toString('utf8');
  return (text.split(/\r?\n/, 1)[0] ?? '').trim();
}
