import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pasteFormats, type PasteFormat } from '@shared/api/paste.schema';
import { SegmentedChoice } from '@ui/features/pastes/components/segmented-choice';
import { EditorToolbar } from './editor-toolbar';
import { PlainTextArea } from './plain-text-area';
import { useCodeEditor } from './use-code-editor';
import './editor.css';

// The preview is shown on demand (split or preview mode), so its code is not part of the page.
const MarkdownHtml = lazy(() => import('./markdown-html').then((module) => ({ default: module.MarkdownHtml })));

const editorModes = ['edit', 'split', 'preview'] as const;
type EditorMode = (typeof editorModes)[number];

type PasteEditorProps = {
  value: string;
  onChange: (value: string) => void;
  format: PasteFormat;
  onFormatChange: (format: PasteFormat) => void;
  label: string;
};

/**
 * Markdown or plain-text editing with edit, split and preview modes and a live character count.
 * Markdown starts in the plain text area under a disabled toolbar; CodeMirror takes over in place
 * once the user reaches for it (use-code-editor.ts).
 */
export function PasteEditor({ value, onChange, format, onFormatChange, label }: PasteEditorProps) {
  const { t } = useTranslation();
  const countId = useId();
  const [mode, setMode] = useState<EditorMode>('edit');
  const markdown = format === 'markdown';
  const shown: EditorMode = markdown ? mode : 'edit';
  const code = useCodeEditor(markdown && shown !== 'preview');
  const editorProps = { value, onChange, label, placeholder: t('pastes.editor.placeholder'), describedBy: countId };
  const { CodeEditor } = code;

  return (
    <div className={`paste-editor paste-editor--${shown}`}>
      <div className="paste-editor__bar">
        <SegmentedChoice
          legend={t('pastes.editor.format')}
          options={pasteFormats.map((f) => ({ value: f, label: t(`pastes.editor.formats.${f}`) }))}
          value={format}
          onChange={onFormatChange}
        />
        {markdown && (
          <SegmentedChoice
            legend={t('pastes.editor.mode')}
            options={editorModes.map((m) => ({ value: m, label: t(`pastes.editor.modes.${m}`) }))}
            value={mode}
            onChange={setMode}
          />
        )}
      </div>
      <div className="paste-editor__panes">
        {shown !== 'preview' && (
          <div className="paste-editor__pane">
            {markdown && <EditorToolbar run={code.run} onIntent={code.load} />}
            {CodeEditor ? (
              <CodeEditor {...editorProps} handoff={code.handoff} onReady={code.onReady} />
            ) : (
              <PlainTextArea
                {...editorProps}
                ref={code.textArea}
                onComposing={code.onComposing}
                onIntent={markdown ? code.load : undefined}
              />
            )}
          </div>
        )}
        {shown !== 'edit' && (
          <section className="paste-editor__pane paste-editor__preview" aria-label={t('pastes.editor.previewLabel')}>
            {value.trim() ? (
              <Suspense fallback={<p role="status">{t('app.loading')}</p>}>
                <MarkdownHtml source={value} />
              </Suspense>
            ) : (
              <p className="muted">{t('pastes.editor.emptyPreview')}</p>
            )}
          </section>
        )}
      </div>
      <p id={countId} className="paste-editor__count">
        {t('pastes.editor.count', { count: value.length })}
      </p>
    </div>
  );
}
