// `clipdock upload FILE...`: file shares, one after another, each in parallel parts; prints a link
// per file. Run again on a file whose upload was interrupted, it resumes.
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Command } from 'commander';
import * as z from 'zod/mini';
import { isApiError } from '@shared/api-error';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode, exitCodeOf } from '@cli/output/exit-codes';
import { apiFailureLines } from '@cli/output/failure-message';
import { phaseTimes } from '@cli/output/phase-times';
import { progressBar } from '@cli/output/progress-bar';
import { openSession } from '@cli/session/api-session';
import { pruneResumeEntries } from '@cli/session/resume-store';
import { absoluteLink } from '@cli/session/server-address';
import {
  DEFAULT_CONCURRENCY,
  defaultPartBytes,
  MAX_DEFAULT_PART_BYTES,
  MIN_DEFAULT_PART_BYTES,
  uploadShare,
} from '@cli/transfer/share-upload';
import { addShareOptions, expiresInHours, parseExpiry, parsePositive, shareOptionsSchema } from './share-options';

const MIB = 1024 * 1024;
const uploadOptionsSchema = z.extend(shareOptionsSchema, {
  concurrency: z.optional(z.number()),
  partSize: z.optional(z.number()),
});

async function localFile(path: string) {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CliError(ExitCode.usage, `${path} is not a file`);
    return { path: resolve(path), name: basename(path), size: info.size, modifiedMs: info.mtimeMs };
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(ExitCode.usage, `cannot read ${path}: ${error instanceof Error ? error.message : error}`);
  }
}

export function uploadCommand(ctx: CliContext): Command {
  const command = new Command('upload')
    .summary('share files')
    .description(
      'Upload each FILE as a file share and print its link. Large files go in parts, several at a time, straight to storage; an interrupted upload resumes when the same command runs again on the same file.',
    )
    .argument('<files...>', 'the files to share');
  addShareOptions(command)
    .option('--concurrency <n>', `parts in flight at once (default ${DEFAULT_CONCURRENCY})`, parsePositive)
    .option(
      '--part-size <MiB>',
      `preferred part size in MiB, at least 5 (default a sixteenth of the file, ${MIN_DEFAULT_PART_BYTES / MIB} to ${MAX_DEFAULT_PART_BYTES / MIB})`,
      parsePositive,
    );
  return command.action(async (files: string[], raw: unknown) => {
    const times = phaseTimes(ctx.env, ctx.stderr);
    times.mark('start');
    const options = z.parse(uploadOptionsSchema, raw);
    if (options.slug !== undefined && files.length > 1)
      throw new CliError(ExitCode.usage, '--slug names one share: upload one file with it');
    const now = Date.now();
    const expiresIn = expiresInHours(parseExpiry(options.expires, now), now);
    const locals = await Promise.all(files.map(localFile));
    const session = await openSession(ctx.env, { signedIn: true });
    await pruneResumeEntries(ctx.env);
    times.mark('session');
    let worst: ExitCode = ExitCode.ok;
    for (const file of locals) {
      const bar = progressBar(ctx, file.name, file.size);
      try {
        const share = await uploadShare(
          session,
          {
            ...file,
            ...(options.slug === undefined ? {} : { slug: options.slug }),
            share: {
              ...(options.password === undefined ? {} : { password: options.password }),
              ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
              ...(options.maxViews === undefined ? {} : { max_views: options.maxViews }),
              ...(options.remark === undefined ? {} : { remark: options.remark }),
            },
            partSize: options.partSize === undefined ? defaultPartBytes(file.size) : options.partSize * MIB,
            concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
          },
          {
            signal: ctx.signal,
            env: ctx.env,
            onLoaded: (bytes) => bar.update(bytes),
            onNote: (line) => ctx.stderr.write(`${line}\n`),
            onPhase: times.mark,
          },
        );
        bar.done();
        const link = absoluteLink(session.server, share.url);
        ctx.stdout.write(options.json === true ? `${JSON.stringify({ ...share, url: link })}\n` : `${link}\n`);
        times.mark('printed');
      } catch (error) {
        bar.done();
        if (error instanceof CliError && error.exitCode === ExitCode.interrupted) {
          throw new CliError(ExitCode.interrupted, `interrupted: run the same command again to resume ${file.name}`);
        }
        if (locals.length === 1) throw error;
        const code =
          error instanceof CliError ? error.exitCode : isApiError(error) ? exitCodeOf(error) : ExitCode.unavailable;
        const lines = isApiError(error)
          ? apiFailureLines(error)
          : [error instanceof Error ? error.message : String(error)];
        ctx.stderr.write(`clipdock: ${file.name}: ${lines.join('\n')}\n`);
        if (code > worst) worst = code;
      }
    }
    times.flush();
    if (worst !== ExitCode.ok) throw new CliError(worst, 'some files were not shared');
  });
}
