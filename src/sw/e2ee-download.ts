// The download of an end-to-end encrypted file share (docs/encryption.md): the page hands this
// worker the share's download link, the key and the file's real name, then opens a synthetic URL;
// the answer is the stored records fetched and opened a batch at a time into reused buffers, so
// memory stays flat whatever the file's size, and a record that does not open ends the download
// instead of handing out a wrong byte. The key only ever travels in this message, never in a URL.
import { registerRoute } from 'workbox-routing';
import { deriveKey, fromBase64Url } from '@shared/e2ee/keys';
import { openedBody } from '@shared/e2ee/opened-body';
import { E2EE_DOWNLOAD_PREFIX, type E2eeDownloadMessage } from '@shared/sw-message.schema';
import { createHandoff } from './handoff';

declare let self: ServiceWorkerGlobalScope;

type Handed = Omit<E2eeDownloadMessage, 'type' | 'id'>;

/** Downloads handed over and not yet opened; the message and the download's request may come in either order. */
const handed = createHandoff<Handed>();

export function acceptE2eeDownload({ id, ...download }: E2eeDownloadMessage): void {
  handed.accept(id, download);
}

const refused = (status: number, text: string) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } });

export function registerE2eeDownloads(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(E2EE_DOWNLOAD_PREFIX),
    async ({ url }) => {
      const id = decodeURIComponent(url.pathname.slice(E2EE_DOWNLOAD_PREFIX.length).split('/')[0] ?? '');
      const download = await handed.take(id);
      const secret = download === null ? null : fromBase64Url(download.secret);
      const prefix = download === null ? null : fromBase64Url(download.prefix);
      if (download === null || secret === null || prefix === null)
        return refused(404, 'This download is no longer available.');
      const stored = await fetch(new URL(download.source, self.location.origin));
      if (!stored.ok || stored.body === null)
        return refused(stored.status === 200 ? 502 : stored.status, 'The encrypted file could not be read.');
      const recordKey = { key: await deriveKey(secret, 'content'), prefix };
      return new Response(openedBody(stored.body, recordKey, { chunks: 'lent' }), {
        headers: {
          'content-type': download.mimetype,
          'content-length': String(download.size),
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(download.filename)}`,
          'x-content-type-options': 'nosniff',
        },
      });
    },
  );
}
