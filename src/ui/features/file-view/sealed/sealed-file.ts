// An end-to-end encrypted file share in the page (docs/encryption.md): its header opens with the
// link's key into the real name, type and size; the download is opened as a stream by the service
// worker, or in this page for a file small enough to hold; a preview is the opened file as a Blob.
import type { E2eeFileHeader, E2eeFileMeta } from '@shared/e2ee/share';
import { openFile } from '@shared/e2ee/share';
import { openingStream, type RecordKey } from '@shared/e2ee/records';
import { randomUuid } from '@shared/random-uuid';
import { E2EE_DOWNLOAD, E2EE_DOWNLOAD_PREFIX } from '@shared/sw-message.schema';

/** Larger files are opened only by the service worker, as a stream. */
export const IN_PAGE_MAX_BYTES = 256 * 1024 * 1024;
/** Previews are opened in memory: images, PDFs, audio, text and small videos. */
export const PREVIEW_MAX_BYTES = 64 * 1024 * 1024;

export type OpenedFile = { meta: E2eeFileMeta; recordKey: RecordKey; secret: string; prefix: string };

export async function openHeader(
  secret: Uint8Array<ArrayBuffer>,
  secretText: string,
  header: E2eeFileHeader,
): Promise<OpenedFile | null> {
  try {
    const { meta, recordKey } = await openFile(secret, header);
    return { meta, recordKey, secret: secretText, prefix: header.prefix };
  } catch {
    return null;
  }
}

/** The stored records fetched and opened; rejects on the first record that does not open. */
export async function openedBlob(downloadUrl: string, file: OpenedFile): Promise<Blob> {
  const response = await fetch(downloadUrl);
  if (!response.ok || response.body === null) throw new Error(`the download answered ${response.status}`);
  const opened = await new Response(response.body.pipeThrough(openingStream(file.recordKey))).blob();
  return new Blob([opened], { type: file.meta.type });
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type SaveOutcome = 'started' | 'too-large';

/** Saves the opened file: streamed through the service worker when one controls the page, else held here. */
export async function saveOpened(downloadUrl: string, file: OpenedFile): Promise<SaveOutcome> {
  const worker = navigator.serviceWorker?.controller ?? null;
  if (worker !== null) {
    const id = randomUuid();
    const source = new URL(downloadUrl, window.location.origin);
    worker.postMessage({
      type: E2EE_DOWNLOAD,
      id,
      source: `${source.pathname}${source.search}`,
      secret: file.secret,
      prefix: file.prefix,
      filename: file.meta.name,
      mimetype: file.meta.type,
      size: file.meta.size,
    });
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.src = `${E2EE_DOWNLOAD_PREFIX}${encodeURIComponent(id)}/${encodeURIComponent(file.meta.name)}`;
    document.body.append(frame);
    setTimeout(() => frame.remove(), 60_000);
    return 'started';
  }
  if (file.meta.size > IN_PAGE_MAX_BYTES) return 'too-large';
  saveBlob(await openedBlob(downloadUrl, file), file.meta.name);
  return 'started';
}
