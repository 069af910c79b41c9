// `clipdock mv FROM TO`: renames or moves a file or folder inside one mount.
import { Command } from 'commander';
import type { CliContext } from '@cli/context';
import { lastSegment, serverPath, shownPath } from './mount-paths';
import { openMounts, type MountSession } from '@cli/session/mount-session';

/** The one place a move is made, so another way of moving replaces this call alone. */
async function move(session: MountSession, from: string, to: string, signal: AbortSignal): Promise<string> {
  const moved = await session.api.call(session.fs.rename, { body: { oldPath: from, newPath: to }, signal });
  return moved.newPath;
}

export function mvCommand(ctx: CliContext): Command {
  return new Command('mv')
    .summary('move or rename a file or folder in the mounts')
    .description('Move or rename FROM to TO inside one mount; TO ending with / is a folder to move FROM into.')
    .argument('<from>', 'the file or folder')
    .argument('<to>', 'its new path, or a folder ending with /')
    .action(async (fromText: string, toText: string) => {
      const session = await openMounts(ctx);
      const from = serverPath(fromText);
      const to = serverPath(toText);
      const target = to.endsWith('/') ? `${to}${lastSegment(from)}` : to;
      ctx.stdout.write(`${shownPath(await move(session, from, target, ctx.signal))}\n`);
    });
}
