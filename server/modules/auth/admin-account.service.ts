import type { ChangePasswordRequest, ChangePasswordResult } from '@shared/api/auth.schema';
import type { Repositories } from '@server/db/repositories';
import { ErrorCode } from '@shared/errors';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';
import { hashPassword, verifyPassword } from '@server/lib/password';
import { reserveAttempt } from '@server/lib/rate-limiter';
import type { AuthLimiters } from './auth-limits';
import type { AdminAuth } from './auth.types';

/** The admin's own account: renaming and changing the password, which ends every session. */
export class AdminAccountService {
  constructor(
    private readonly repos: Pick<Repositories, 'admins' | 'transaction'>,
    private readonly clock: Clock,
    private readonly limiters: AuthLimiters,
  ) {}

  async changePassword(auth: AdminAuth, input: ChangePasswordRequest, ip: string): Promise<ChangePasswordResult> {
    const { passwordByAdmin, passwordByIp } = this.limiters;
    const attempt = await reserveAttempt(
      { limiter: passwordByAdmin, key: auth.adminId, resetOnSuccess: true },
      { limiter: passwordByIp, key: ip },
    );
    const admins = this.repos.admins;
    const admin = await admins.findById(auth.adminId);
    if (admin === undefined) throw new AppError(ErrorCode.TokenExpired, 'admin session expired, please log in again');

    if (!(await verifyPassword(admin.password_hash, input.currentPassword))) {
      throw new AppError(ErrorCode.WrongPassword, 'current password is incorrect');
    }
    await attempt.succeeded();

    if (input.newPassword !== undefined && input.newPassword === input.currentPassword) {
      throw new AppError(ErrorCode.BadRequest, 'newPassword must differ from the current password');
    }
    const newUsername =
      input.newUsername !== undefined && input.newUsername !== admin.username ? input.newUsername : undefined;
    if (newUsername === undefined && input.newPassword === undefined) {
      throw new AppError(ErrorCode.BadRequest, 'nothing to change: newUsername equals the current username');
    }
    if (newUsername !== undefined && (await admins.findByUsername(newUsername)) !== undefined) {
      throw new AppError(ErrorCode.Conflict, 'username is already taken');
    }

    const passwordHash = input.newPassword === undefined ? undefined : await hashPassword(input.newPassword);
    await this.repos.transaction(async (trx) => {
      await trx.admins.update(admin.id, {
        username: newUsername ?? admin.username,
        password_hash: passwordHash ?? admin.password_hash,
        updated_at: isoAt(this.clock),
      });
      await trx.adminTokens.deleteAllFor(admin.id);
    });
    return { username: newUsername ?? admin.username };
  }
}
