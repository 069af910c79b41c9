// The `uploadFile` actor the upload machine needs: one transfer in the worker per file or URL, progress
// sent back as machine events, and a clean-up that cancels the transfer when the file is stopped.
// Once stopped, a late answer is dropped: the worker withdraws an upload that a cancel crossed.
import { fromCallback, type EventObject } from 'xstate';
import type { UploadFileInput, UploadFileReport } from '@machines/upload.machine';
import type { CommitResponse } from '@shared/api/upload.schema';
import { failure } from '@workers/failures';
import type { TransferProgress } from '@workers/protocol';
import type { TransferClient } from '@workers/transfer-client';
import type { UploadResult } from '@workers/protocol';
import { transferStats } from './transfer-stats';
import { findUnfinished, forgetUnfinished, markRunning, rememberUnfinished } from './unfinished-uploads-store';
import { uploadMimetype } from '@shared/mimetype';
import { newSecret, toBase64Url } from '@shared/e2ee/keys';
import { type Kdf, newKdf } from '@shared/e2ee/lock';
import { sealFile } from '@shared/e2ee/share';
import type { SealWith } from '@workers/sealed-source';

/** How a file is sealed: not at all, with a random key for its link, or with a key from a passphrase. */
type Sealing = false | { passphrase?: string };

/**
 * The last passphrase's key: the files of one batch share it (and its salt), so Argon2id runs once
 * per batch, not once per file. Each file still has its own nonce prefix (docs/encryption.md).
 */
let derived: { passphrase: string; kdf: Kdf; secret: Promise<Uint8Array<ArrayBuffer>> } | null = null;

function passphraseKey(passphrase: string): { kdf: Kdf; secret: Promise<Uint8Array<ArrayBuffer>> } {
  if (derived?.passphrase !== passphrase) {
    const kdf = newKdf();
    const secret = import('@ui/domain/e2ee/derive-passphrase').then(({ derivePassphrase }) =>
      derivePassphrase(passphrase, kdf),
    );
    derived = { passphrase, kdf, secret };
    // A failed derivation is not kept for the next try.
    secret.catch(() => {
      if (derived?.secret === secret) derived = null;
    });
  }
  return derived;
}

/** Whether an unfinished upload was sealed the way this one is asked to be; a passphrase must open it. */
async function resumable(previous: SealWith | undefined, sealing: Sealing): Promise<boolean> {
  if (sealing === false || previous === undefined) return sealing === false && previous === undefined;
  const kdf = previous.header.kdf;
  if ((kdf === undefined) !== (sealing.passphrase === undefined)) return false;
  const { passphrase } = sealing;
  if (kdf === undefined || passphrase === undefined) return true;
  const again = await import('@ui/domain/e2ee/derive-passphrase')
    .then(({ derivePassphrase }) => derivePassphrase(passphrase, kdf))
    .catch(() => null);
  return again !== null && toBase64Url(again) === previous.secret;
}

/**
 * A device file's upload, resuming the one a reload interrupted when this browser remembers the
 * same file. The server's upload is remembered while it runs, and forgotten once it is
 * committed or cleaned up; one the network interrupted stays, to resume.
 */
async function deviceUpload(
  transfers: TransferClient,
  plainJob: Parameters<TransferClient['upload']>[0],
  file: Blob,
  sealing: Sealing,
  onProgress: (progress: TransferProgress) => void,
): Promise<UploadResult> {
  const identity =
    file instanceof File ? { filename: file.name, size: file.size, lastModified: file.lastModified } : null;
  const found = identity === null ? null : await findUnfinished(identity);
  // An encrypted upload resumes with the key it started with, kept in this browser until it ends.
  const previous = found !== null && (await resumable(found.e2ee, sealing)) ? found : null;
  const e2ee =
    sealing === false
      ? undefined
      : (previous?.e2ee ?? (await newSeal(plainJob.filename, plainJob.mimetype, file.size, sealing)));
  const job = e2ee === undefined ? plainJob : { ...plainJob, e2ee };
  const started: { fileId: string | null } = { fileId: null };
  // While it runs, the upload is no unfinished one to offer: it is listed again only if it stops short.
  if (previous !== null) markRunning(previous.fileId, true);
  let result: UploadResult;
  try {
    result = await transfers.upload(
      previous === null ? job : { ...job, resume: { fileId: previous.fileId, uploadId: previous.uploadId } },
      onProgress,
      (upload) => {
        started.fileId = upload.fileId;
        markRunning(upload.fileId, true);
        if (identity !== null)
          void rememberUnfinished({
            ...identity,
            ...upload,
            startedAt: Date.now(),
            ...(e2ee === undefined ? {} : { e2ee }),
          });
      },
    );
  } finally {
    if (previous !== null) markRunning(previous.fileId, false);
    if (started.fileId !== null) markRunning(started.fileId, false);
  }
  const keep = !result.ok && result.code === 'network' && result.partNumber !== undefined;
  if (!keep) {
    if (previous !== null) void forgetUnfinished(previous.fileId);
    if (started.fileId !== null) void forgetUnfinished(started.fileId);
  }
  return withKey(result, e2ee);
}

/** A fresh secret (or the passphrase's) and the header holding the file's sealed name, type and size. */
async function newSeal(
  name: string,
  type: string | undefined,
  size: number,
  sealing: Exclude<Sealing, false>,
): Promise<SealWith> {
  const fromPassphrase = sealing.passphrase === undefined ? null : passphraseKey(sealing.passphrase);
  const secret = fromPassphrase === null ? newSecret() : await fromPassphrase.secret;
  const meta = { name, type: type ?? 'application/octet-stream', size };
  const { header } = await sealFile(secret, meta, fromPassphrase?.kdf);
  return { secret: toBase64Url(secret), header };
}

/**
 * The share link of an encrypted upload carries its key in the fragment, which browsers never send;
 * a passphrase share's link carries none.
 */
function withKey(result: UploadResult, e2ee: SealWith | undefined): UploadResult {
  if (!result.ok || e2ee === undefined || e2ee.header.kdf !== undefined) return result;
  const fragment = `#k=${e2ee.secret}`;
  return { ...result, share: { ...result.share, url: `${result.share.url}${fragment}` } };
}

export function fileUploadActor(transfers: TransferClient, onShared: (share: CommitResponse) => void) {
  return fromCallback<EventObject, UploadFileInput>(({ input, sendBack }) => {
    const { fileId, file, url, name, options: fileOptions } = input;
    const { e2ee: sealed = false, e2eePassphrase, ...options } = fileOptions;
    const sealing: Sealing = sealed ? (e2eePassphrase === undefined ? {} : { passphrase: e2eePassphrase }) : false;
    const report = (event: UploadFileReport) => sendBack(event);
    let settled = false;
    let stopped = false;
    const onProgress = (progress: TransferProgress) => {
      transferStats.set(fileId, {
        bytesPerSecond: progress.bytesPerSecond,
        secondsLeft: progress.secondsLeft,
        ...(progress.source ? { source: progress.source } : {}),
      });
      report({ type: 'file.progress', fileId, percent: progress.percent, stage: progress.stage });
    };
    // A URL upload downloads in the worker; a device file goes straight up.
    const urlUpload = async (source: NonNullable<typeof url>) => {
      const mimetype = uploadMimetype(name, source.mimetype);
      const e2ee = sealing === false ? undefined : await newSeal(name, mimetype, source.size, sealing);
      const job = { ...options, id: fileId, url: source.url, filename: name, mimetype, size: source.size };
      return withKey(await transfers.uploadFromUrl(e2ee === undefined ? job : { ...job, e2ee }, onProgress), e2ee);
    };
    const transfer =
      url !== null
        ? urlUpload(url)
        : file !== null
          ? deviceUpload(
              transfers,
              { ...options, id: fileId, file, filename: name, mimetype: uploadMimetype(name, file.type) },
              file,
              sealing,
              onProgress,
            )
          : Promise.resolve(failure('invalid-job'));
    // A key that could not be made (a passphrase the worker failed on) fails the file, not the batch.
    const settledTransfer = transfer.catch(() => failure('invalid-job'));
    void settledTransfer.then((result) => {
      settled = true;
      if (stopped) return;
      transferStats.clear(fileId);
      if (result.ok) {
        onShared(result.share);
        report({ type: 'file.done', fileId, share: result.share });
      } else {
        report({
          type: 'file.failed',
          fileId,
          code: result.code,
          ...(result.status === undefined ? {} : { status: result.status }),
        });
      }
    });
    return () => {
      if (settled) return;
      stopped = true;
      transferStats.clear(fileId);
      void transfers.cancel(fileId);
    };
  });
}
