import { useTranslation } from 'react-i18next';

type RevealPromptProps = { viewsLeft: number; onReveal: () => void };

/**
 * A view-limited share's preview before the visitor asked for it: the preview fetches the file and
 * spends the visit's one view, so it waits for the button; link previews and scanners spend none.
 */
export function RevealPrompt({ viewsLeft, onReveal }: RevealPromptProps) {
  const { t } = useTranslation();
  return (
    <div className="file-reveal">
      <p className="notice">{t('fileView.reveal.intro')}</p>
      <div className="actions">
        <button type="button" className="button button--primary file-reveal__button" onClick={onReveal}>
          {t('fileView.reveal.show', { count: viewsLeft })}
        </button>
      </div>
    </div>
  );
}
