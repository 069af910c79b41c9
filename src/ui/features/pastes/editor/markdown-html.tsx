import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './markdown.css';

type Renderer = (source: string) => string;

/** Sanitised Markdown, rendered once the Markdown chunk (marked, highlight.js, DOMPurify) has loaded. */
export function MarkdownHtml({ source, className = '' }: { source: string; className?: string }) {
  const { t } = useTranslation();
  const [render, setRender] = useState<Renderer | null>(null);
  const [failed, setFailed] = useState(false);
  const deferred = useDeferredValue(source);

  useEffect(() => {
    let live = true;
    import('@ui/lib/markdown').then(
      (module) => live && setRender(() => module.renderMarkdown),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const html = useMemo(() => (render ? render(deferred) : null), [render, deferred]);
  if (failed) return <p className="form-error">{t('pastes.preview.failed')}</p>;
  if (html === null) return <p role="status">{t('app.loading')}</p>;
  // The HTML comes from DOMPurify in renderMarkdown: no scripts, handlers or javascript: URLs.
  return <div className={`markdown-body ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
