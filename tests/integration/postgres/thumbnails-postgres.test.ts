import { describe } from 'vitest';
import { drivers } from '@tests/integration/storage/storage-harness';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { thumbnailSuite } from '@tests/integration/fs/thumbnail-suite';

describe.each(drivers)('server-made thumbnails on the %s driver (PostgreSQL)', (name) => {
  thumbnailSuite(name, async () => ({ env: { DATABASE_URL: await createTestDatabase(`thumbs_${name}`) } }));
});
