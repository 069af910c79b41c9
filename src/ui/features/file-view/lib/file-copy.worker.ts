// Keeps the offline copy of a shared file's details just shown, off the page's main thread
// (keep-off-thread.ts): the local database opens here, beside the page's own instance.
import type { PublicFile } from '@shared/api/file-share.schema';
import { keepFileCopy } from './offline-file-copies';

self.onmessage = (event: MessageEvent<PublicFile>) => {
  keepFileCopy(event.data)
    .catch(() => undefined)
    .finally(() => self.postMessage('done'));
};
