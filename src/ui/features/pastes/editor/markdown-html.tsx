import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SafeHtml } from '@ui/lib/markdown-render';
import { whenIdle } from '@ui/lib/when-idle';
import '@ui/components/markdown.css';

/** Whether the source holds a fenced code block, the only thing highlighting changes. */
const hasFencedCode = (source: string) => /^ {0,3}(```|~~~)/m.test(source);

const render = async (source: string, highlight: boolean, signal: AbortSignal): Promise<SafeHtml> =>
  (await import('@ui/lib/markdown-render')).renderMarkdown(source, { highlight, signal });

/**
 * Sanitised Markdown, rendered in the Markdown worker with its time budget, so no source freezes
 * the page: one too complex to render shows as plain text with a note. When the text holds fenced
 * code, highlight.js follows in idle time after the first render, and the code takes its colours
 * (same boxes, so nothing moves); later renders highlight at once.
 */
export function MarkdownHtml({ source, className = '' }: { source: string; className?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<SafeHtml | null>(null);
  const deferred = useDeferredValue(source);
  const wantsHighlight = useMemo(() => hasFencedCode(deferred), [deferred]);
  const highlighting = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let cancelIdle: () => void = () => undefined;
    const show = (result: SafeHtml) => {
      if (!signal.aborted) setShown(result);
    };
    render(deferred, wantsHighlight && highlighting.current, signal).then(
      (first) => {
        show(first);
        if (!wantsHighlight || highlighting.current || !('html' in first) || first.unrendered) return;
        // Without highlight.js (offline on a first visit) the code simply stays uncoloured.
        cancelIdle = whenIdle(() => {
          highlighting.current = true;
          void render(deferred, true, signal).then((coloured) => {
            if ('html' in coloured) show(coloured);
          });
        });
      },
      () => show({ failed: true }),
    );
    return () => {
      controller.abort();
      cancelIdle();
    };
  }, [deferred, wantsHighlight]);

  if (shown === null) return <p role="status">{t('app.loading')}</p>;
  if ('failed' in shown) return <p className="form-error">{t('pastes.preview.failed')}</p>;
  return (
    <>
      {shown.unrendered && (
        <p className="notice" role="note">
          {t('pastes.preview.tooComplex')}
        </p>
      )}
      {/* The HTML comes from DOMPurify in markdown-render.ts, or is the source escaped. */}
      <div className={`markdown-body ${className}`} dangerouslySetInnerHTML={{ __html: shown.html }} />
    </>
  );
}
