import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { uploadBatchSummary, type UploadFileState } from '@machines/upload.machine';
import { UploadFileRow } from './upload-file-row';
import type { UploadBatchActor } from './use-upload-batches';

const sameFiles = (a: UploadFileState[], b: UploadFileState[]) =>
  a.length === b.length && a.every((file, i) => file === b[i]);

/** One batch: its summary line and a row per file, all read from the batch's upload machine. */
export function UploadBatchView({ actor }: { actor: UploadBatchActor }) {
  const { t } = useTranslation();
  const files = useSelector(actor, (s) => s.context.order.flatMap((id) => s.context.files[id] ?? []), sameFiles);
  const summary = useSelector(
    actor,
    (s) => uploadBatchSummary(s.context),
    (a, b) => a.percent === b.percent && a.succeeded === b.succeeded && a.failed === b.failed,
  );

  return (
    <section className="upload-batch" aria-label={t('upload.batch.label')}>
      <p className="upload-batch__summary">
        {t('upload.batch.summary', { succeeded: summary.succeeded, total: summary.total, percent: summary.percent })}
      </p>
      <ul className="upload-batch__files">
        {files.map((file) => (
          <UploadFileRow key={file.id} file={file} onCancel={(fileId) => actor.send({ type: 'file.cancel', fileId })} />
        ))}
      </ul>
    </section>
  );
}
