import { describe } from 'vitest';
import { drivers } from '@tests/integration/storage/storage-harness';
import { createTestDatabase } from '@tests/integration/support/postgres';
import { shareThumbnailSuite } from '@tests/integration/fs/share-thumbnail-suite';

describe.each(drivers)(
  'the worker’s thumbnails of shares, URL uploads and file requests on the %s driver (PostgreSQL)',
  (name) => {
    shareThumbnailSuite(name, async () => ({
      env: { DATABASE_URL: await createTestDatabase(`share_thumbs_${name}`) },
    }));
  },
);
