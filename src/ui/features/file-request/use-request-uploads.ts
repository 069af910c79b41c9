// The files an uploader chose and their transfers through the worker, two at a time: progress per
// file, a resumable multipart upload remembered until it ends, and the receipt lines. A file is
// "done" once the server has committed it; its receipt line's SHA-256 is filled in when the
// worker's hash report brings it (the worker hashes beside the upload, and reports from the commit).
import { useCallback, useEffect, useRef, useState } from 'react';
import { finishRequestBatch } from '@shared/api/file-request.endpoints';
import type { RequestHashReport, RequestReceipt } from '@workers/request-protocol';
import type { TransferFailure } from '@workers/protocol';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { getTransferClient } from '@ui/domain/transfer/transfer';
import { forgetUpload, keepReceipt, keptReceipts, rememberUpload, unfinishedUpload } from './request-resume-store';

export type RequestFile = {
  id: string;
  file: File;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  percent: number;
  resumed: boolean;
  receipt?: RequestReceipt;
  failure?: TransferFailure;
};

/** Where the SHA-256 of each arrived file stands in this page, by the receipt line's file id. */
export type ReceiptHashes = Readonly<Record<string, { percent: number } | { failed: string }>>;

const parallel = 2;
let counter = 0;

export function useRequestUploads(slug: string, token: string | null, uploaderName: string) {
  const auth = useAuthActor();
  const [files, setFiles] = useState<RequestFile[]>([]);
  const [receipts, setReceipts] = useState<RequestReceipt[]>(() => keptReceipts(slug));
  const [hashing, setHashing] = useState<ReceiptHashes>({});
  const api = useApiClient();
  const running = useRef(new Set<string>());
  const unreported = useRef(0);
  /** SHA-256 reports that came before their upload's answer, by file id. */
  const early = useRef(new Map<string, string>());
  const name = useRef(uploaderName);
  name.current = uploaderName;

  const change = useCallback((id: string, patch: Partial<RequestFile>) => {
    setFiles((all) => all.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)));
  }, []);

  const hashed = useCallback(
    (report: RequestHashReport) => {
      const { fileId } = report;
      if (report.state === 'hashed') {
        const line = keptReceipts(slug).find((receipt) => receipt.fileId === fileId);
        // A hash that comes before its upload's answer waits for it.
        if (line === undefined) early.current.set(fileId, report.sha256);
        else keepReceipt(slug, { ...line, sha256: report.sha256 });
        setReceipts(keptReceipts(slug));
        setFiles((all) =>
          all.map((entry) =>
            entry.receipt?.fileId === fileId
              ? { ...entry, receipt: { ...entry.receipt, sha256: report.sha256 } }
              : entry,
          ),
        );
      }
      setHashing(({ [fileId]: _, ...others }) =>
        report.state === 'hashed'
          ? others
          : {
              ...others,
              [fileId]: report.state === 'failed' ? { failed: report.message } : { percent: report.percent },
            },
      );
    },
    [slug],
  );

  const start = useCallback(
    (entry: RequestFile) => {
      if (token === null) return;
      running.current.add(entry.id);
      const resume = unfinishedUpload(slug, entry.file);
      change(entry.id, { status: 'uploading', resumed: resume !== undefined });
      const uploader = name.current.trim();
      void getTransferClient(auth)
        .uploadToRequest(
          {
            id: entry.id,
            slug,
            token,
            file: entry.file,
            filename: entry.file.name,
            ...(uploader === '' ? {} : { uploaderName: uploader }),
            ...(resume === undefined ? {} : { resume }),
          },
          (progress) => change(entry.id, { percent: progress.percent }),
          (started) => rememberUpload(slug, entry.file, started),
          hashed,
        )
        .then((result) => {
          running.current.delete(entry.id);
          // A failure the network caused leaves the upload on the server, to resume.
          if (result.ok || !result.retryable) forgetUpload(slug, entry.file);
          if (result.ok) {
            const sha256 = early.current.get(result.receipt.fileId);
            early.current.delete(result.receipt.fileId);
            const receipt = sha256 === undefined ? result.receipt : { ...result.receipt, sha256 };
            keepReceipt(slug, receipt);
            unreported.current += 1;
            setReceipts(keptReceipts(slug));
            change(entry.id, { status: 'done', percent: 100, receipt });
          } else change(entry.id, { status: 'failed', failure: result });
        });
    },
    [auth, change, hashed, slug, token],
  );

  // Once nothing is left to send, the server is told the batch is over (the owner's webhook).
  useEffect(() => {
    const busy = files.some((entry) => entry.status === 'waiting' || entry.status === 'uploading');
    if (busy || token === null || unreported.current === 0) return;
    unreported.current = 0;
    void api
      .call(finishRequestBatch, { params: { slug }, body: { token }, credentials: 'none' })
      .catch(() => undefined);
  }, [api, files, slug, token]);

  useEffect(() => {
    const waiting = files.filter((entry) => entry.status === 'waiting');
    const free = parallel - running.current.size;
    for (const entry of waiting.slice(0, Math.max(0, free))) start(entry);
  }, [files, start]);

  const add = useCallback((chosen: readonly File[]) => {
    setFiles((all) => [
      ...all,
      ...chosen.map((file): RequestFile => {
        counter += 1;
        return { id: `request-${Date.now()}-${counter}`, file, status: 'waiting', percent: 0, resumed: false };
      }),
    ]);
  }, []);

  return { files, add, receipts, hashing };
}
