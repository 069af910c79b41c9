import { describe } from 'vitest';
import { drivers } from '@tests/integration/storage/storage-harness';
import { thumbnailSuite } from './thumbnail-suite';

describe.each(drivers)('server-made thumbnails on the %s driver (SQLite)', (name) => {
  thumbnailSuite(name);
});
