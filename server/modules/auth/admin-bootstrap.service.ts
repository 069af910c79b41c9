// First start: when no admin exists, create one from ADMIN_USERNAME / ADMIN_PASSWORD, or `admin`
// with a random password that is logged exactly once. There is never a fixed default password.
import { randomUUID } from 'node:crypto';
import type { Repositories } from '@server/db/repositories';
import { isoAt, type Clock } from '@server/lib/clock';
import { randomAlphanumeric } from '@server/lib/crypto-random';
import type { Logger } from '@server/lib/logger';
import { hashPassword } from '@server/lib/password';

export type InitialAdmin = { username: string | undefined; password: string | undefined };

export async function ensureInitialAdmin(
  repos: Pick<Repositories, 'admins'>,
  initial: InitialAdmin,
  clock: Clock,
  logger: Logger,
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
    const notice = `first start: created admin "${username}" with generated password ${password} (shown once; change it after logging in)`;
    if (logger.enabled('warn')) logger.warn(notice);
    else process.stderr.write(`${notice}\n`);
  } else {
    logger.info('first start: created admin from ADMIN_USERNAME/ADMIN_PASSWORD', { username });
  }
}
