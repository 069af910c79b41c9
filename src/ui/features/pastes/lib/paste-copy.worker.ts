// Keeps the offline copy of a paste just shown, off the page's main thread (keep-off-thread.ts):
// the local database opens here, beside the page's own instance, like another tab's.
import type { PasteView } from '@shared/api/paste.schema';
import { keepCopy } from './offline-paste-copies';

self.onmessage = (event: MessageEvent<PasteView & { content: string }>) => {
  keepCopy(event.data)
    .catch(() => undefined)
    .finally(() => self.postMessage('done'));
};
