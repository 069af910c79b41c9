import type { z } from 'zod';
import type { Repositories } from '@server/db/repositories';
import type { healthSchema, VersionInfo } from '@shared/api/system.schema';
import { ErrorCode } from '@shared/errors';
import { APP_NAME, APP_VERSION } from '@shared/limits';
import type { DatabaseConfig } from '@server/config';
import type { SystemRepo } from './system.repo';
import { AppError } from '@server/lib/app-error';
import { isoAt, type Clock } from '@server/lib/clock';

export type HealthInfo = z.infer<typeof healthSchema>;

export class SystemService {
  private readonly repo: SystemRepo;

  constructor(
    repos: Pick<Repositories, 'system'>,
    private readonly database: DatabaseConfig['kind'],
    private readonly clock: Clock,
  ) {
    this.repo = repos.system;
  }

  async health(): Promise<HealthInfo> {
    try {
      await this.repo.ping();
    } catch {
      throw new AppError(ErrorCode.Unavailable, 'database unavailable');
    }
    return { status: 'ok', database: 'ok', timestamp: isoAt(this.clock) };
  }

  version(): VersionInfo {
    return {
      version: APP_VERSION,
      name: APP_NAME,
      database: this.database,
      nodeVersion: process.version,
      uptime: process.uptime(),
    };
  }
}
