import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '@ui/lib/when-idle';
import '@ui/components/markdown.css';

type Renderer = (source: string) => string;

/** Whether the source holds a fenced code block, the only thing highlighting changes. */
const hasFencedCode = (source: string) => /^ {0,3}(```|~~~)/m.test(source);

/**
 * Sanitised Markdown, rendered once the Markdown chunk (marked, DOMPurify) has loaded; when the
 * text holds fenced code, highlight.js follows in idle time after that first render, and the
 * code takes its colours (same boxes, so nothing moves).
 */
export function MarkdownHtml({ source, className = '' }: { source: string; className?: string }) {
  const { t } = useTranslation();
  const [render, setRender] = useState<Renderer | null>(null);
  const [failed, setFailed] = useState(false);
  const deferred = useDeferredValue(source);
  const wantsHighlight = useMemo(() => hasFencedCode(deferred), [deferred]);
  const [highlighted, setHighlighted] = useState(false);

  useEffect(() => {
    let live = true;
    import('@ui/lib/markdown-render').then(
      (module) => live && setRender((current: Renderer | null) => current ?? module.createMarkdownRenderer()),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const html = useMemo(() => (render ? render(deferred) : null), [render, deferred]);
  const shown = html !== null;

  useEffect(() => {
    if (!shown || !wantsHighlight || highlighted) return;
    let live = true;
    // Without highlight.js (offline on a first visit) the code simply stays uncoloured.
    const cancel = whenIdle(() => {
      Promise.all([import('@ui/lib/markdown-render'), import('@shared/markdown/highlight')]).then(
        ([markdown, highlight]) => {
          if (!live) return;
          setHighlighted(true);
          setRender(() => markdown.createMarkdownRenderer(highlight.highlightCode));
        },
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [shown, wantsHighlight, highlighted]);

  if (failed) return <p className="form-error">{t('pastes.preview.failed')}</p>;
  if (html === null) return <p role="status">{t('app.loading')}</p>;
  // The HTML comes from DOMPurify in markdown-render.ts: no scripts, handlers or javascript: URLs.
  return <div className={`markdown-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
