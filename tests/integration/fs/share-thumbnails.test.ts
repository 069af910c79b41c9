import { describe } from 'vitest';
import { drivers } from '@tests/integration/storage/storage-harness';
import { shareThumbnailSuite } from './share-thumbnail-suite';

describe.each(drivers)(
  'the worker’s thumbnails of shares, URL uploads and file requests on the %s driver (SQLite)',
  (name) => {
    shareThumbnailSuite(name);
  },
);
