import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pasteFormats, type PasteFormat } from '@shared/api/paste.schema';
import { SegmentedChoice } from '../components/segmented-choice';
import { MarkdownHtml } from './markdown-html';
import { PlainTextArea } from './plain-text-area';
import './editor.css';

const CodeEditor = lazy(() => import('./code-editor').then((module) => ({ default: module.CodeEditor })));

const editorModes = ['edit', 'split', 'preview'] as const;
type EditorMode = (typeof editorModes)[number];

type PasteEditorProps = {
  value: string;
  onChange: (value: string) => void;
  format: PasteFormat;
  onFormatChange: (format: PasteFormat) => void;
  label: string;
};

/** Markdown or plain-text editing with edit, split and preview modes and a live character count. */
export function PasteEditor({ value, onChange, format, onFormatChange, label }: PasteEditorProps) {
  const { t } = useTranslation();
  const countId = useId();
  const [mode, setMode] = useState<EditorMode>('edit');
  const markdown = format === 'markdown';
  const shown: EditorMode = markdown ? mode : 'edit';
  const editorProps = { value, onChange, label, placeholder: t('pastes.editor.placeholder'), describedBy: countId };

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
            {markdown ? (
              <Suspense fallback={<PlainTextArea {...editorProps} />}>
                <CodeEditor {...editorProps} />
              </Suspense>
            ) : (
              <PlainTextArea {...editorProps} />
            )}
          </div>
        )}
        {shown !== 'edit' && (
          <section className="paste-editor__pane paste-editor__preview" aria-label={t('pastes.editor.previewLabel')}>
            {value.trim() ? <MarkdownHtml source={value} /> : <p className="muted">{t('pastes.editor.emptyPreview')}</p>}
          </section>
        )}
      </div>
      <p id={countId} className="paste-editor__count">
        {t('pastes.editor.count', { count: value.length })}
      </p>
    </div>
  );
}
