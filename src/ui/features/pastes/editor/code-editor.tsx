// The CodeMirror 6 Markdown editor, loaded as its own chunk. It is controlled: outside changes
// to `value` (a restored draft, a reset) replace the document, while typing reports upwards.
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar } from './editor-toolbar';
import { markdownMarks } from './markdown-marks';
import { toolbarActions } from './toolbar-actions';
import { undoHistory } from './undo-history';

export type CodeEditorProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  describedBy?: string;
};

/** The accessible name, description and placeholder, swapped in place when the language changes. */
function labelling(label: string, placeholder: string, described: string | undefined) {
  const attributes: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'true' };
  if (described) attributes['aria-describedby'] = described;
  return [placeholderText(placeholder), EditorView.contentAttributes.of(attributes)];
}

export function CodeEditor({ value, onChange, label, placeholder, describedBy }: CodeEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  const initial = useRef({ value, t });
  const labels = useRef(new Compartment());

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const { value: doc, t: translate } = initial.current;
    const tableLabels = { tableHeader: translate('pastes.toolbar.tableHeader'), tableCell: translate('pastes.toolbar.tableCell') };
    const shortcuts = toolbarActions.flatMap((action) =>
      action.key === undefined ? [] : [{ key: action.key, run: action.command(tableLabels), preventDefault: true }],
    );
    const editor = new EditorView({
      parent,
      state: EditorState.create({
        doc,
        extensions: [
          undoHistory,
          keymap.of(shortcuts),
          markdownMarks,
          labels.current.of([]),
          EditorView.lineWrapping,
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            emitted.current = update.state.doc.toString();
            onChangeRef.current(emitted.current);
          }),
        ],
      }),
    });
    setView(editor);
    return () => {
      editor.destroy();
      setView(null);
    };
  }, []);

  useEffect(() => {
    view?.dispatch({ effects: labels.current.reconfigure(labelling(label, placeholder, describedBy)) });
  }, [view, label, placeholder, describedBy]);

  useEffect(() => {
    if (!view || value === emitted.current) return;
    emitted.current = value;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
  }, [value, view]);

  return (
    <div className="code-editor">
      <EditorToolbar view={view} />
      <div ref={host} className="code-editor__host" data-testid="paste-editor" />
    </div>
  );
}
