import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { healthSchema, VersionInfo } from '../../src/shared/api/system.schema';
import { ErrorCode } from '../../src/shared/errors';
import { APP_NAME, APP_VERSION } from '../../src/shared/limits';
import type { DatabaseConfig } from '../config';
import { SystemRepo } from '../db/repos/system.repo';
import type { Database } from '../db/schema';
import { AppError } from '../lib/app-error';
import { isoAt, type Clock } from '../lib/clock';

export type HealthInfo = z.infer<typeof healthSchema>;

export class SystemService {
  private readonly repo: SystemRepo;

  constructor(
    db: Kysely<Database>,
    private readonly database: DatabaseConfig['kind'],
    private readonly clock: Clock,
  ) {
    this.repo = new SystemRepo(db);
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
