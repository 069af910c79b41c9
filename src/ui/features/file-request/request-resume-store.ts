// Multipart uploads through a request that a reload may interrupt, kept in this browser's
// storage by request and file (name, size, last change), so choosing the same file again resumes
// it. Entries go after the server's pending limit, when its sweeper has removed the upload. The
// receipt lines of what arrived are kept too, so a reload loses none of them.
import * as z from 'zod/mini';
import { PENDING_UPLOAD_TTL_MS } from '@shared/limits';
import { requestReceiptSchema, type RequestReceipt } from '@workers/request-protocol';

const entrySchema = z.object({ fileId: z.string(), uploadId: z.string(), savedAt: z.number() });
const storeSchema = z.record(z.string(), entrySchema);
type Store = z.infer<typeof storeSchema>;

const keyOf = (slug: string) => `clipdock.request-uploads.${slug}`;

export function fileKeyOf(file: File): string {
  return JSON.stringify([file.name, file.size, file.lastModified]);
}

function read(slug: string, now: number): Store {
  try {
    const parsed = storeSchema.safeParse(JSON.parse(window.localStorage.getItem(keyOf(slug)) ?? '{}'));
    if (!parsed.success) return {};
    return Object.fromEntries(
      Object.entries(parsed.data).filter(([, entry]) => now - entry.savedAt < PENDING_UPLOAD_TTL_MS),
    );
  } catch {
    return {};
  }
}

function write(slug: string, store: Store): void {
  try {
    if (Object.keys(store).length === 0) window.localStorage.removeItem(keyOf(slug));
    else window.localStorage.setItem(keyOf(slug), JSON.stringify(store));
  } catch {
    // Storage full or refused: the upload just cannot resume after a reload.
  }
}

export function unfinishedUpload(slug: string, file: File): { fileId: string; uploadId: string } | undefined {
  const entry = read(slug, Date.now())[fileKeyOf(file)];
  return entry === undefined ? undefined : { fileId: entry.fileId, uploadId: entry.uploadId };
}

export function unfinishedCount(slug: string): number {
  return Object.keys(read(slug, Date.now())).length;
}

export function rememberUpload(slug: string, file: File, started: { fileId: string; uploadId: string }): void {
  const store = read(slug, Date.now());
  store[fileKeyOf(file)] = { ...started, savedAt: Date.now() };
  write(slug, store);
}

export function forgetUpload(slug: string, file: File): void {
  const store = read(slug, Date.now());
  delete store[fileKeyOf(file)];
  write(slug, store);
}

const receiptKeyOf = (slug: string) => `clipdock.request-receipts.${slug}`;
const receiptsSchema = z.array(requestReceiptSchema);

/** The receipt lines of this browser's uploads through the request, kept across reloads. */
export function keptReceipts(slug: string): RequestReceipt[] {
  try {
    const parsed = receiptsSchema.safeParse(JSON.parse(window.localStorage.getItem(receiptKeyOf(slug)) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function keepReceipt(slug: string, receipt: RequestReceipt): void {
  try {
    const kept = keptReceipts(slug).filter((line) => line.fileId !== receipt.fileId);
    window.localStorage.setItem(receiptKeyOf(slug), JSON.stringify([...kept, receipt].slice(-500)));
  } catch {
    // Storage full or refused: the receipt stays on the page until it closes.
  }
}

const tokenKeyOf = (slug: string) => `clipdock.request-token.${slug}`;
const tokenSchema = z.object({ token: z.string(), expiresAt: z.string() });

/**
 * The upload token this browser used for the request while it is valid for an hour more, else
 * `fresh`: a reload keeps the uploader's batch (one folder, one report to the owner).
 */
export function batchToken(slug: string, fresh: string | null, freshExpiresAt: string | null): string | null {
  try {
    const kept = tokenSchema.safeParse(JSON.parse(window.localStorage.getItem(tokenKeyOf(slug)) ?? 'null'));
    if (kept.success && Date.parse(kept.data.expiresAt) - Date.now() > 60 * 60 * 1000) return kept.data.token;
    if (fresh !== null && freshExpiresAt !== null)
      window.localStorage.setItem(tokenKeyOf(slug), JSON.stringify({ token: fresh, expiresAt: freshExpiresAt }));
  } catch {
    // Storage refused: the page's own token serves until it closes.
  }
  return fresh;
}
