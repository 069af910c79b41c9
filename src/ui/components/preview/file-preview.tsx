import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewKind } from '@shared/preview-kind';
import { TextPreview } from './text-preview';
import './preview.css';

type FilePreviewProps = {
  kind: PreviewKind;
  /** Where the browser reads the file inline; null when it may not be shown. */
  url: string | null;
  name: string;
  /** The Office viewer, which each screen reaches its own way. */
  office: ReactNode;
  /** A text, code or Markdown preview made elsewhere (the share page's comes from the server). */
  text?: ReactNode;
};

/** The preview that fits the file's kind: media inline, PDF in a frame, text highlighted or rendered. */
export function FilePreview({ kind, url, name, office, text }: FilePreviewProps) {
  const { t } = useTranslation();
  if (kind === 'office') return office;
  if (url === null || kind === 'none') return <p className="notice">{t('preview.none')}</p>;

  switch (kind) {
    case 'image':
      return <img className="file-media" src={url} alt={name} />;
    case 'video':
      return <video className="file-media" src={url} controls preload="metadata" />;
    case 'audio':
      return <audio className="file-audio" src={url} controls preload="metadata" />;
    case 'pdf':
      return <iframe className="file-frame" src={url} title={t('preview.pdfTitle', { name })} />;
    case 'markdown':
    case 'code':
    case 'text':
      return text ?? <TextPreview url={url} filename={name} markdown={kind === 'markdown'} />;
  }
}
