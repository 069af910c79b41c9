import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The system settings paste creation reads. */
export class PasteSettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async guestPastesAllowed(): Promise<boolean> {
    const row = await this.db.selectFrom('system_settings').select('value').where('key', '=', 'allow_guest_pastes').executeTakeFirst();
    return row?.value === 'true';
  }
}
