// `clipdock ls [PATH]`: a folder of the mounts, every page of it.
import { Command } from 'commander';
import * as z from 'zod/mini';
import { FS_LIST_MAX_LIMIT, type FsEntry } from '@shared/api/fs.schema';
import type { CliContext } from '@cli/context';
import { formatTime } from '@cli/output/format';
import { lastSegment, serverPath, shownPath } from './mount-paths';
import { openMounts } from '@cli/session/mount-session';

const lsOptionsSchema = z.object({ long: z.optional(z.boolean()), json: z.optional(z.boolean()) });

/** An entry by the name its path gives it (a mount's path, not its title), folders with a slash. */
function line(entry: FsEntry, long: boolean): string {
  const segment = shownPath(lastSegment(entry.path));
  const name = entry.isDirectory ? `${segment}/` : segment;
  if (!long) return name;
  const kind = entry.isMount ? 'm' : entry.isDirectory ? 'd' : '-';
  return `${kind} ${String(entry.size ?? '-').padStart(14)}  ${formatTime(entry.modified)}  ${name}`;
}

export function lsCommand(ctx: CliContext): Command {
  return new Command('ls')
    .summary('list a folder of the mounts')
    .description('List the folder PATH of the mounts (/ by default) that the signed-in admin or key may see.')
    .argument('[path]', 'the folder, such as /local/docs', '/')
    .option('-l, --long', 'with kind (d folder, m mount, - file), size in bytes and modification time (UTC)')
    .option('--json', 'print the entries as a JSON array')
    .action(async (path: string, raw: unknown) => {
      const options = z.parse(lsOptionsSchema, raw);
      const { api, fs } = await openMounts(ctx);
      const entries: FsEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.call(fs.list, {
          query: { path: serverPath(path), limit: FS_LIST_MAX_LIMIT, ...(cursor === undefined ? {} : { cursor }) },
          signal: ctx.signal,
        });
        entries.push(...page.items);
        if (options.json !== true)
          for (const entry of page.items) ctx.stdout.write(`${line(entry, options.long === true)}\n`);
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      if (options.json === true) ctx.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    });
}
