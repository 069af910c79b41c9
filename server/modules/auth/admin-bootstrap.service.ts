// First start: when no admin exists, create one from ADMIN_USERNAME / ADMIN_PASSWORD, or `admin`
// with a random password printed once on the console, on lines of its own and never in the JSON
// log. There is never a fixed default password.
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import { isoAt, type Clock } from '@server/lib/clock';
import { randomAlphanumeric } from '@server/lib/crypto-random';
import type { Logger } from '@server/lib/logger';
import { hashPassword } from '@server/lib/password';

export type InitialAdmin = { username: string | undefined; password: string | undefined };

/** Where the generated password is shown: the console (stderr), whatever the log level. */
export type Announce = (text: string) => void;

export const announceOnStderr: Announce = (text) => {
  process.stderr.write(text);
};

/** The block a newcomer reads once: the account, the password on a line of its own, what to do next. */
export function firstAdminNotice(username: string, password: string): string {
  return [
    '',
    'Clipdock: the first admin account was created.',
    `  username: ${username}`,
    `  password: ${password}`,
    'It is shown only this once. Sign in at /admin and change it under Settings.',
    '',
    '',
  ].join('\n');
}

export async function ensureInitialAdmin(
  repos: Pick<Repositories, 'admins'>,
  initial: InitialAdmin,
  clock: Clock,
  logger: Logger,
  announce: Announce = announceOnStderr,
): Promise<void> {
  const admins = repos.admins;
  if ((await admins.count()) > 0) return;
  const username = initial.username ?? 'admin';
  const password = initial.password ?? randomAlphanumeric(20);
  const now = isoAt(clock);
  await admins.insert({
    id: randomUUID(),
    username,
    password_hash: await hashPassword(password),
    created_at: now,
    updated_at: now,
  });
  if (initial.password === undefined) {
    logger.warn('first start: created admin with a generated password, printed once on the console', { username });
    announce(firstAdminNotice(username, password));
  } else {
    logger.info('first start: created admin from ADMIN_USERNAME/ADMIN_PASSWORD', { username });
  }
}
