import { useTranslation } from 'react-i18next';
import { formatBytes } from '@ui/lib/format-bytes';
import { useTextPreview, type TextPreviewState } from './use-text-preview';
import '@ui/components/markdown.css';

/** Text previews read at most 1 MB; the rest stays a download. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

/** Code and plain text highlighted, Markdown rendered and sanitised, in the Markdown worker. */
export function TextPreview({ url, filename, markdown }: { url: string; filename: string; markdown: boolean }) {
  const state = useTextPreview(url, filename, markdown, TEXT_PREVIEW_MAX_BYTES);
  return <TextPreviewView state={state} markdown={markdown} limitBytes={TEXT_PREVIEW_MAX_BYTES} />;
}

type TextPreviewViewProps = { state: TextPreviewState; markdown: boolean; limitBytes: number };

/** A text preview's HTML (sanitised Markdown, or highlighted and escaped text), however it was made. */
export function TextPreviewView({ state, markdown, limitBytes }: TextPreviewViewProps) {
  const { t } = useTranslation();
  if (state.status === 'loading')
    return (
      <p className="notice" role="status">
        {t('preview.loading')}
      </p>
    );
  if (state.status === 'failed')
    return (
      <p className="form-error" role="alert">
        {t('preview.failed')}
      </p>
    );
  return (
    <>
      {state.truncated && <p className="notice">{t('preview.truncated', { size: formatBytes(limitBytes) })}</p>}
      {state.unrendered && (
        <p className="notice" role="note">
          {t(state.unrendered === 'busy' ? 'preview.busy' : 'preview.tooComplex')}
        </p>
      )}
      {markdown ? (
        <div className="file-markdown markdown-body" dangerouslySetInnerHTML={{ __html: state.html }} />
      ) : (
        <pre className="file-code" tabIndex={0}>
          <code className="hljs" dangerouslySetInnerHTML={{ __html: state.html }} />
        </pre>
      )}
    </>
  );
}
