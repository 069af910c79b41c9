// The caller an owner tag (`ownerTag`) names, as it stands now: what a file request made earlier
// acts as when someone uploads through it. The admin must still exist and the key still be live;
// what rights the caller needs is the asking domain's rule.
import type { Repositories } from '@server/db/repositories';
import type { ApiKeyLookupService } from '@server/modules/api-keys/api-key-lookup.service';
import type { AdminAuth, ApiKeyAuth } from './auth.types';

export class OwnerLookupService {
  constructor(
    private readonly repos: Pick<Repositories, 'admins'>,
    private readonly keys: ApiKeyLookupService,
  ) {}

  /** The admin or live key `tag` names, or null (gone, expired, or not a tag). */
  async callerOf(tag: string, nowIso: string): Promise<AdminAuth | ApiKeyAuth | null> {
    const [kind, id = ''] = tag.split(/:(.*)/s);
    if (kind === 'admin') {
      const admin = await this.repos.admins.findById(id);
      return admin === undefined
        ? null
        : { kind: 'admin', adminId: admin.id, username: admin.username, tokenHash: null };
    }
    return kind === 'apikey' ? ((await this.keys.byId(id, nowIso)) ?? null) : null;
  }
}
