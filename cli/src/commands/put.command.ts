// `clipdock put LOCAL REMOTE`: a file from disk into the mounts, into the folder REMOTE names or
// under the name it gives; an existing file of that name is replaced.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Command } from 'commander';
import { isApiError } from '@shared/api-error';
import type { CliContext } from '@cli/context';
import { CliError, ExitCode } from '@cli/output/exit-codes';
import { progressBar } from '@cli/output/progress-bar';
import { uploadToMount } from '@cli/transfer/mount-upload';
import { lastSegment, parentOf, serverPath, shownPath } from './mount-paths';
import { openMounts, type MountSession } from '@cli/session/mount-session';

/** The folder and name REMOTE means: a folder (ends with / or exists as one), or a file path. */
async function destination(session: MountSession, remote: string, localName: string, signal: AbortSignal) {
  const path = serverPath(remote);
  if (path.endsWith('/')) return { folder: path, fileName: localName };
  try {
    const entry = await session.api.call(session.fs.get, { query: { path }, signal });
    if (entry.isDirectory) return { folder: path, fileName: localName };
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'not-found') throw error;
  }
  return { folder: parentOf(path), fileName: shownPath(lastSegment(path)) };
}

export function putCommand(ctx: CliContext): Command {
  return new Command('put')
    .summary('upload a file into the mounts')
    .description(
      'Upload the LOCAL file into the mounts: into REMOTE when it is a folder (or ends with /), else as the file REMOTE names. An existing file is replaced.',
    )
    .argument('<local>', 'the file on this machine')
    .argument('<remote>', 'a folder such as /local/docs/, or the new file’s path')
    .action(async (local: string, remote: string) => {
      const info = await stat(local).catch(() => undefined);
      if (info === undefined || !info.isFile()) throw new CliError(ExitCode.usage, `${local} is not a readable file`);
      const session = await openMounts(ctx);
      const target = await destination(session, remote, basename(local), ctx.signal);
      const bar = progressBar(ctx, target.fileName, info.size);
      const entry = await uploadToMount(
        session,
        { path: local, size: info.size, ...target },
        { signal: ctx.signal, onLoaded: (bytes) => bar.update(bytes) },
      ).finally(() => bar.done());
      ctx.stdout.write(`${shownPath(entry.path)}\n`);
    });
}
