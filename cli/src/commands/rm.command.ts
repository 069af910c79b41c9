// `clipdock rm [-r] PATH...`: deletes files, and folders with everything in them when -r says so.
import { Command } from 'commander';
import * as z from 'zod/mini';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { serverPath, shownPath } from './mount-paths';
import { openMounts } from '@cli/session/mount-session';

const rmOptionsSchema = z.object({ recursive: z.optional(z.boolean()) });

export function rmCommand(ctx: CliContext): Command {
  return new Command('rm')
    .summary('delete files or folders in the mounts')
    .description('Delete each PATH of the mounts; a folder, with everything in it, only with -r.')
    .argument('<paths...>', 'the files or folders')
    .option('-r, --recursive', 'delete folders with everything in them')
    .action(async (paths: string[], raw: unknown) => {
      const options = z.parse(rmOptionsSchema, raw);
      const session = await openMounts(ctx);
      const { api, fs } = session;
      const targets: string[] = [];
      for (const text of paths) {
        const entry = await api.call(fs.get, { query: { path: serverPath(text) }, signal: ctx.signal });
        if (entry.isDirectory && options.recursive !== true)
          throw new CliError(
            ExitCode.usage,
            `${shownPath(entry.path)} is a folder: pass -r to delete it and its contents`,
          );
        targets.push(entry.isDirectory && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path);
      }
      const [only] = targets;
      if (targets.length === 1 && only !== undefined) {
        await api.call(fs.remove, { query: { path: only }, signal: ctx.signal });
        return;
      }
      const result = await api.call(fs.batchRemove, { body: { paths: targets }, signal: ctx.signal });
      for (const failed of result.failed) ctx.stderr.write(`clipdock: ${shownPath(failed.path)}: ${failed.error}\n`);
      if (result.failed.length > 0) throw new CliError(ExitCode.unavailable, `${result.failed.length} not deleted`);
    });
}
