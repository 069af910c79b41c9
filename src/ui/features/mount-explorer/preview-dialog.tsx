// The `?preview=` file in the file page's previews, with previous and next through the
// folder's files in the order shown. Office files go through the two outside viewers with a
// direct link to the file.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfficeProvider } from '@shared/api/file-share.schema';
import type { FsEntry, FsEntryDetail } from '@shared/api/fs.schema';
import { officeViewerUrl } from '@shared/office-viewer';
import { Dialog } from '@ui/components/dialog';
import { FilePreview } from '@ui/components/preview/file-preview';
import { OfficePreview } from '@ui/components/preview/office-preview';
import { previewKind } from '@shared/preview-kind';
import { ResourceStatus } from '@ui/components/resource-status';
import { formatBytes } from '@ui/lib/format-bytes';
import { useResource, type ResourceState } from '@ui/lib/use-resource';
import type { FsCalls } from './data/use-fs-calls';
import { childPath } from './fs-paths';

type PreviewDialogProps = {
  folder: string;
  name: string;
  /** The folder's files as shown, for previous and next. */
  files: FsEntry[];
  calls: FsCalls;
  onShow: (name: string) => void;
  onDownload: (entry: FsEntry) => void;
  onClose: () => void;
};

function MountOfficePreview({ calls, detail }: { calls: FsCalls; detail: FsEntryDetail }) {
  const [provider, setProvider] = useState<OfficeProvider>('microsoft');
  const link = useResource(
    useCallback(
      async () =>
        officeViewerUrl(
          provider,
          new URL((await calls.fileLink(detail.path, false)).presignedUrl, window.location.href).href,
        ),
      [calls, detail.path, provider],
    ),
  );
  const viewer: ResourceState<string> = link.state;
  return (
    <OfficePreview
      filename={detail.name}
      provider={provider}
      onProviderChange={setProvider}
      viewer={viewer}
      onRetry={link.reload}
    />
  );
}

export function PreviewDialog({ folder, name, files, calls, onShow, onDownload, onClose }: PreviewDialogProps) {
  const { t } = useTranslation();
  const path = childPath(folder, name);
  const detail = useResource(useCallback((signal: AbortSignal) => calls.get(path, signal), [calls, path]));
  const at = files.findIndex((file) => file.name === name);
  const previous = at > 0 ? files[at - 1] : undefined;
  const next = at >= 0 ? files[at + 1] : undefined;

  return (
    <Dialog title={name} onClose={onClose} wide>
      <div className="preview-dialog__bar">
        <button type="button" className="button" disabled={!previous} onClick={() => previous && onShow(previous.name)}>
          ‹ {t('explorer.preview.previous')}
        </button>
        <span className="preview-dialog__position">
          {at >= 0 ? t('explorer.preview.position', { index: at + 1, count: files.length }) : ''}
        </span>
        <button type="button" className="button" disabled={!next} onClick={() => next && onShow(next.name)}>
          {t('explorer.preview.next')} ›
        </button>
      </div>
      <div className="preview-dialog__body" aria-label={t('explorer.preview.label', { name })} role="region">
        <ResourceStatus state={detail.state} onRetry={detail.reload}>
          {(file) => (
            <>
              <FilePreview
                kind={previewKind(file.contentType ?? '', file.name)}
                url={file.preview_url}
                name={file.name}
                office={<MountOfficePreview calls={calls} detail={file} />}
              />
              <p className="preview-dialog__meta">
                {formatBytes(file.size ?? 0)}
                {file.contentType ? ` · ${file.contentType}` : ''}
              </p>
            </>
          )}
        </ResourceStatus>
      </div>
      <div className="dialog__actions">
        {detail.state.status === 'ready' && (
          <button
            type="button"
            className="button"
            onClick={() => detail.state.status === 'ready' && onDownload(detail.state.data)}
          >
            {t('explorer.actions.download')}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('explorer.preview.close')}
        </button>
      </div>
    </Dialog>
  );
}
