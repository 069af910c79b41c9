import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ui/lib/format-bytes';
import type { RequestReceipt as RequestReceiptLine } from '@workers/request-protocol';
import type { ReceiptHashes, RequestFile } from './use-request-uploads';

/** The chosen files, each with its progress, its outcome or the reason it failed. */
export function RequestFileList({ files }: { files: readonly RequestFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className="request-files" aria-label={t('fileRequest.files.label')}>
      {files.map((entry) => (
        <li key={entry.id} className="request-files__item" data-status={entry.status}>
          <span className="request-files__name">{entry.file.name}</span>
          <span className="request-files__size">{formatBytes(entry.file.size)}</span>
          <progress
            className="request-files__progress"
            max={100}
            value={entry.percent}
            aria-label={t('fileRequest.files.progress', { name: entry.file.name })}
          />
          <span className="request-files__status" role="status">
            {entry.status === 'failed'
              ? t('fileRequest.files.failed', { message: entry.failure?.message ?? '' })
              : t(`fileRequest.files.${entry.status}`, { percent: Math.floor(entry.percent) })}
            {entry.resumed && entry.status !== 'done' ? ` ${t('fileRequest.files.resumed')}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A receipt line's SHA-256: the hash, or how far its computing is, or why it is missing. */
function ReceiptHash({
  receipt,
  hashing,
}: {
  receipt: RequestReceiptLine;
  hashing: ReceiptHashes[string] | undefined;
}) {
  const { t } = useTranslation();
  const [state, text] =
    receipt.sha256 !== undefined
      ? (['hashed', <code key="hash">{receipt.sha256}</code>] as const)
      : hashing === undefined
        ? (['missing', t('fileRequest.receipt.notHashed')] as const)
        : 'failed' in hashing
          ? (['failed', t('fileRequest.receipt.hashFailed', { message: hashing.failed })] as const)
          : (['hashing', t('fileRequest.receipt.hashing', { percent: hashing.percent })] as const);
  return (
    <span className="request-receipt__hash" data-hash={state} aria-live={state === 'hashed' ? undefined : 'polite'}>
      {t('fileRequest.receipt.sha256')} {text}
    </span>
  );
}

/** What arrived from this browser: names, sizes and SHA-256 as it computed them, kept across reloads. */
export function RequestReceipt({
  files,
  receipts,
  hashing,
}: {
  files: readonly RequestFile[];
  receipts: readonly RequestReceiptLine[];
  hashing: ReceiptHashes;
}) {
  const { t } = useTranslation();
  const busy = files.some((entry) => entry.status === 'waiting' || entry.status === 'uploading');
  if (receipts.length === 0 || busy) return null;
  return (
    <section className="request-receipt" aria-labelledby="request-receipt-title">
      <h2 id="request-receipt-title">{t('fileRequest.receipt.title')}</h2>
      <p>{t('fileRequest.receipt.intro', { count: receipts.length })}</p>
      <ul className="request-receipt__list">
        {receipts.map((receipt) => (
          <li key={receipt.fileId} className="request-receipt__item">
            <span className="request-receipt__name">{receipt.filename}</span>
            <span>{formatBytes(receipt.size)}</span>
            <ReceiptHash receipt={receipt} hashing={hashing[receipt.fileId]} />
          </li>
        ))}
      </ul>
    </section>
  );
}
