// The commands the deploy test runs (docker, docker-compose, debootstrap, npm, tar): their output
// is kept, and a failure carries the command and the tail of what it printed.
import { spawn } from 'node:child_process';

export type RunOptions = {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Each line printed, as it comes (for progress). */
  onLine?: (line: string) => void;
  /** Kills the command after this long; a failure then says so. */
  timeoutMs?: number;
};

const tailChars = 6_000;

export class CommandError extends Error {
  constructor(command: string, detail: string, output: string) {
    super(`${command} ${detail}\n${output.slice(-tailChars)}`);
    this.name = 'CommandError';
  }
}

/** Runs a command to its end; resolves with its standard output, rejects with its output's tail. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const shown = [command, ...args].join(' ');
    let stdout = '';
    let combined = '';
    let partial = '';
    const take = (chunk: Buffer, isStdout: boolean) => {
      const text = chunk.toString('utf8');
      if (isStdout) stdout += text;
      combined = (combined + text).slice(-4 * tailChars);
      if (options.onLine === undefined) return;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    };
    child.stdout.on('data', (chunk: Buffer) => take(chunk, true));
    child.stderr.on('data', (chunk: Buffer) => take(chunk, false));
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGTERM');
          }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new CommandError(shown, `could not start: ${error.message}`, ''));
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && !timedOut) resolve(stdout);
      else
        reject(
          new CommandError(
            shown,
            timedOut ? `timed out after ${options.timeoutMs} ms` : `exited with ${code}`,
            combined,
          ),
        );
    });
  });
}

/** `from | into`: the first command's output is the second one's input. */
export function pipe(from: readonly string[], into: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const [fromCommand = '', ...fromArgs] = from;
    const [intoCommand = '', ...intoArgs] = into;
    const source = spawn(fromCommand, fromArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    const sink = spawn(intoCommand, intoArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-tailChars);
    };
    source.stderr.on('data', keep);
    sink.stdout.on('data', keep);
    sink.stderr.on('data', keep);
    source.stdout.pipe(sink.stdin);
    const codes: (number | null)[] = [];
    const settle = (code: number | null) => {
      codes.push(code);
      if (codes.length < 2) return;
      if (codes.every((c) => c === 0)) resolve();
      else reject(new CommandError(`${from.join(' ')} | ${into.join(' ')}`, `exited with ${codes.join(', ')}`, output));
    };
    source.once('error', reject);
    sink.once('error', reject);
    source.once('close', settle);
    sink.once('close', settle);
  });
}

/** True when the command exits with 0. */
export async function succeeds(command: string, args: readonly string[]): Promise<boolean> {
  return run(command, args).then(
    () => true,
    () => false,
  );
}
