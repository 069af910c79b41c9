// A session for the mount commands: the admin's fs endpoints for an admin, a key's (its base
// path, its rights) for a key.
import { fsEndpointsOf, type FsEndpoints } from '@shared/api/fs.endpoints';
import type { CliContext } from '@cli/context';
import { openSession, type ApiSession } from './api-session';

export type MountSession = ApiSession & { fs: FsEndpoints };

export async function openMounts(ctx: CliContext): Promise<MountSession> {
  const session = await openSession(ctx.env, { signedIn: true });
  return { ...session, fs: fsEndpointsOf(session.scope) };
}
