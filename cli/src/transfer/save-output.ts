// Where a download goes: standard output (`-`), or a file written under a temporary name and
// renamed when whole, so an interrupted download never leaves a file that looks complete. An
// existing file is replaced only when asked.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { cleanFilename } from '@shared/filename';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode } from '@cli/output/exit-codes';

export type OutputChoice = { output?: string; force?: boolean };
export type Target = { kind: 'stdout' } | { kind: 'file'; path: string };

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

/** `-o -` or `fallback` stdout; `-o DIR` the share's name in it; `-o FILE` that file; nothing the name here. */
export async function chooseTarget(
  ctx: CliContext,
  choice: OutputChoice,
  name: string,
  fallback: 'stdout' | 'file',
): Promise<Target> {
  const safeName = basename(cleanFilename(name)).replace(/^\.+$/, 'file');
  if (choice.output === '-' || (choice.output === undefined && fallback === 'stdout')) return { kind: 'stdout' };
  let path = resolve(ctx.cwd, choice.output ?? safeName);
  if (choice.output !== undefined && (await isDirectory(path))) path = join(path, safeName);
  if (choice.force !== true && (await stat(path).catch(() => undefined)) !== undefined)
    throw new CliError(ExitCode.refused, `${path} exists: pass --force to replace it`);
  return { kind: 'file', path };
}

function stdoutSink(ctx: CliContext): Writable {
  // Piped into `head`, stdout closes early: that is not a failure of the download.
  ctx.stdout.on('error', () => undefined);
  return ctx.stdout;
}

/** Writes `source` to the target; `onBytes` hears the running total. Returns where it went. */
/** A fetch body as chunks. */
export async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
  } finally {
    reader.releaseLock();
  }
}

export async function saveTo(
  ctx: CliContext,
  target: Target,
  source: AsyncIterable<Uint8Array> | Buffer,
  onBytes: (total: number) => void,
): Promise<string> {
  const input = Readable.from(Buffer.isBuffer(source) ? [source] : source);
  let total = 0;
  const counted = async function* (chunks: AsyncIterable<Uint8Array>) {
    for await (const chunk of chunks) {
      total += chunk.length;
      onBytes(total);
      yield chunk;
    }
  };
  if (target.kind === 'stdout') {
    await pipeline(input, counted, stdoutSink(ctx), { end: false, signal: ctx.signal });
    return '-';
  }
  const partial = join(dirname(target.path), `.${basename(target.path)}.${randomBytes(4).toString('hex')}.part`);
  try {
    await pipeline(input, counted, createWriteStream(partial, { flags: 'wx' }), { signal: ctx.signal });
    await rename(partial, target.path);
    return target.path;
  } catch (error) {
    await rm(partial, { force: true });
    if (ctx.signal.aborted) throw new CliError(ExitCode.interrupted, 'interrupted');
    throw error;
  }
}
