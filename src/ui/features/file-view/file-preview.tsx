import { useTranslation } from 'react-i18next';
import type { PublicFile } from '@shared/api/file-share.schema';
import { OfficePreview } from './office-preview';
import { previewKind } from './preview-kind';
import { TextPreview } from './text-preview';

type FilePreviewProps = { file: PublicFile; viewUrl: string | null; token: string | undefined };

/** The preview that fits the file's type, always through the token-bearing view link, so the visit costs one view. */
export function FilePreview({ file, viewUrl, token }: FilePreviewProps) {
  const { t } = useTranslation();
  const kind = previewKind(file.mimetype, file.filename);
  if (viewUrl === null || kind === 'none') return <p className="notice">{t('fileView.preview.none')}</p>;

  switch (kind) {
    case 'image':
      return <img className="file-media" src={viewUrl} alt={file.filename} />;
    case 'video':
      return <video className="file-media" src={viewUrl} controls preload="metadata" />;
    case 'audio':
      return <audio className="file-audio" src={viewUrl} controls preload="metadata" />;
    case 'pdf':
      return <iframe className="file-frame" src={viewUrl} title={t('fileView.preview.pdfTitle', { name: file.filename })} />;
    case 'office':
      return <OfficePreview slug={file.slug} filename={file.filename} token={token} />;
    case 'markdown':
    case 'code':
    case 'text':
      return <TextPreview url={viewUrl} filename={file.filename} markdown={kind === 'markdown'} />;
  }
}
