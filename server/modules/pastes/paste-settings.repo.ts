import type { Kysely } from 'kysely';
import { prepareQuery } from '@server/db/prepared-query';
import type { Database } from '@server/db/schema';

/** Read on every paste a guest creates: prepared once (db/prepared-query.ts). */
const settingQuery = prepareQuery<{ key: string }, { value: string }>((db, arg) =>
  db.selectFrom('system_settings').select('value').where('key', '=', arg('key')),
);

/** The system settings paste creation reads. */
export class PasteSettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async guestPastesAllowed(): Promise<boolean> {
    const row = await settingQuery.first(this.db, { key: 'allow_guest_pastes' });
    return row?.value === 'true';
  }
}
