import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readFileText } from '../../lib/api/files';
import { formatBytes } from '../../lib/format-bytes';

/** Text previews read at most 1 MB; the rest stays a download. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

/** The Markdown renderer or the highlighter, each in its own lazily loaded chunk. */
async function loadRenderer(markdown: boolean, filename: string): Promise<(text: string) => string> {
  if (markdown) return (await import('../../lib/markdown')).renderMarkdown;
  const { highlightFileText } = await import('./render-file-text');
  return (text) => highlightFileText(text, filename);
}

type TextState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; html: string; truncated: boolean };

/** Code and plain text highlighted, Markdown rendered and sanitised; the renderer loads lazily. */
export function TextPreview({ url, filename, markdown }: { url: string; filename: string; markdown: boolean }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<TextState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    Promise.all([readFileText(url, TEXT_PREVIEW_MAX_BYTES, controller.signal), loadRenderer(markdown, filename)])
      .then(([{ text, truncated }, render]) => {
        const html = render(text);
        if (!controller.signal.aborted) setState({ status: 'ready', html, truncated });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [url, filename, markdown]);

  if (state.status === 'loading') return <p className="notice" role="status">{t('fileView.preview.loading')}</p>;
  if (state.status === 'failed') return <p className="form-error" role="alert">{t('fileView.preview.failed')}</p>;
  return (
    <>
      {state.truncated && <p className="notice">{t('fileView.preview.truncated', { size: formatBytes(TEXT_PREVIEW_MAX_BYTES, i18n.language) })}</p>}
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
