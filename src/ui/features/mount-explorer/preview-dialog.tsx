// The `?preview=` file in the file page's previews, with previous and next through the
// folder's files in the order shown (the buttons, the arrow keys, a swipe on touch). Office files
// go through the two outside viewers with a direct link to the file. An image shows its large
// thumbnail (1024 px) first, the original on request. Opened from the gallery, it fills the window.
import { useCallback, useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
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
import { useThumbnail } from './data/use-thumbnail';
import { isThumbnailableName } from '@shared/thumbnail-types';

type PreviewDialogProps = {
  folder: string;
  name: string;
  /** The folder's files as shown, for previous and next. */
  files: FsEntry[];
  calls: FsCalls;
  onShow: (name: string) => void;
  onDownload: (entry: FsEntry) => void;
  onClose: () => void;
  /** Fill the window (opened from the gallery). */
  fullscreen?: boolean;
};

/** Keys typed into a field are the field's: the arrows move its caret, not the preview. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** The large thumbnail, and the original once asked for (or when there is no thumbnail). */
function LargeImage({ calls, entry, original }: { calls: FsCalls; entry: FsEntry; original: ReactNode }) {
  const { t } = useTranslation();
  const large = useThumbnail(calls, entry, true, 'large');
  const [full, setFull] = useState(false);
  if (full || large === null) return original;
  if (large === undefined) return <p className="preview-dialog__meta">{t('explorer.preview.loading')}</p>;
  return (
    <div className="preview-dialog__large">
      <img src={large} alt={entry.name} />
      <button type="button" className="button" onClick={() => setFull(true)}>
        {t('explorer.preview.original')}
      </button>
    </div>
  );
}

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

export function PreviewDialog({
  folder,
  name,
  files,
  calls,
  onShow,
  onDownload,
  onClose,
  fullscreen = false,
}: PreviewDialogProps) {
  const { t } = useTranslation();
  const path = childPath(folder, name);
  const detail = useResource(useCallback((signal: AbortSignal) => calls.get(path, signal), [calls, path]));
  const at = files.findIndex((file) => file.name === name);
  const previous = at > 0 ? files[at - 1] : undefined;
  const next = at >= 0 ? files[at + 1] : undefined;
  const entry = at >= 0 ? files[at] : undefined;
  const moves = useRef({ previous, next, onShow });
  moves.current = { previous, next, onShow };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      const to =
        event.key === 'ArrowLeft'
          ? moves.current.previous
          : event.key === 'ArrowRight'
            ? moves.current.next
            : undefined;
      if (to === undefined) return;
      event.preventDefault();
      moves.current.onShow(to.name);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    touch.current = point === undefined ? null : { x: point.clientX, y: point.clientY };
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = null;
    if (start === null || point === undefined) return;
    const dx = point.clientX - start.x;
    const dy = point.clientY - start.y;
    // A swipe is mostly sideways and at least 50 px; left shows the next file.
    if (Math.abs(dx) < 50 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    const to = dx < 0 ? next : previous;
    if (to !== undefined) onShow(to.name);
  };

  return (
    <Dialog title={name} onClose={onClose} wide fullscreen={fullscreen}>
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
      <div
        className="preview-dialog__body"
        aria-label={t('explorer.preview.label', { name })}
        role="region"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <ResourceStatus state={detail.state} onRetry={detail.reload}>
          {(file) => {
            const kind = previewKind(file.contentType ?? '', file.name);
            const original = (
              <FilePreview
                kind={kind}
                url={file.preview_url}
                name={file.name}
                office={<MountOfficePreview calls={calls} detail={file} />}
              />
            );
            return (
              <>
                {kind === 'image' && entry !== undefined && isThumbnailableName(file.name) ? (
                  <LargeImage key={file.path} calls={calls} entry={entry} original={original} />
                ) : (
                  original
                )}
                <p className="preview-dialog__meta">
                  {formatBytes(file.size ?? 0)}
                  {file.contentType ? ` · ${file.contentType}` : ''}
                </p>
              </>
            );
          }}
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
