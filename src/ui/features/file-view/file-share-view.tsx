// What the file page shows of a shared file once its details are known: the offline note, details,
// actions, and the preview (or the reveal step before a view-limited one). The page
// (file-view-page.tsx) gives it its data and handlers; the server renders the same components into
// the page's HTML (src/ui/ssr), so the app's first frame draws exactly what the HTML showed.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicFile } from '@shared/api/file-share.schema';
import type { PreviewKind } from '@shared/preview-kind';
import { FilePreview } from '@ui/components/preview/file-preview';
import { formatDateTime } from '@ui/lib/format-date-time';
import { FileActions } from './file-actions';
import { FileInfo } from './file-info';
import { RevealPrompt } from './reveal-prompt';
import './file-view.css';

export type FileShareLinks = { view: string; download: string };

/** The page's frame: the title (the file's name once known) and what is shown of the file. */
export function FileShareSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page page--wide file-view" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

type FileShareBodyProps = {
  file: PublicFile;
  kind: PreviewKind;
  links: FileShareLinks | null;
  /** When the details were saved on this device, for a copy shown without a connection. */
  offlineCopy?: number | undefined;
  /** The reveal step stands in for the preview, with this many views left. */
  asking: { viewsLeft: number } | null;
  onReveal: () => void;
  onAddToBasket?: (() => Promise<string>) | undefined;
  /** The Office viewer and a text preview, which each side reaches its own way. */
  office: ReactNode;
  text?: ReactNode;
};

export function FileShareBody({
  file,
  kind,
  links,
  offlineCopy,
  asking,
  onReveal,
  onAddToBasket,
  office,
  text,
}: FileShareBodyProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {offlineCopy !== undefined && (
        <p className="notice" role="note">
          {t('fileView.offlineCopy', { when: formatDateTime(offlineCopy, i18n.language) })}
        </p>
      )}
      <div className="file-view__body">
        <div className="file-view__side">
          <FileInfo file={file} />
          <FileActions
            downloadUrl={links?.download ?? null}
            filename={file.filename}
            {...(onAddToBasket === undefined ? {} : { onAddToBasket })}
          />
        </div>
        <section className="file-preview" aria-label={t('preview.label')}>
          {asking !== null ? (
            <RevealPrompt viewsLeft={asking.viewsLeft} onReveal={onReveal} />
          ) : (
            <FilePreview
              kind={kind}
              url={links?.view ?? null}
              name={file.filename}
              office={office}
              {...(text === undefined ? {} : { text })}
            />
          )}
        </section>
      </div>
    </>
  );
}
