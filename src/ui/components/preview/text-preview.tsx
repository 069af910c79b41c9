import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format-bytes';
import { useTextPreview } from './use-text-preview';

/** Text previews read at most 1 MB; the rest stays a download. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

/** Code and plain text highlighted, Markdown rendered and sanitised; the renderer loads lazily. */
export function TextPreview({ url, filename, markdown }: { url: string; filename: string; markdown: boolean }) {
  const { t, i18n } = useTranslation();
  const state = useTextPreview(url, filename, markdown, TEXT_PREVIEW_MAX_BYTES);

  if (state.status === 'loading') return <p className="notice" role="status">{t('preview.loading')}</p>;
  if (state.status === 'failed') return <p className="form-error" role="alert">{t('preview.failed')}</p>;
  return (
    <>
      {state.truncated && <p className="notice">{t('preview.truncated', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES, i18n.language) })}</p>}
      {markdown ? (
        <div className="file-markdown" dangerouslySetInnerHTML={{ __html: state.html }} />
      ) : (
        <pre className="file-code" tabIndex={0}>
          <code className="hljs" dangerouslySetInnerHTML={{ __html: state.html }} />
        </pre>
      )}
    </>
  );
}
