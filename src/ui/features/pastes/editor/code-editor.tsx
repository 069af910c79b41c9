// The CodeMirror 6 Markdown editor, loaded as its own chunk after the first paint. It takes over
// from the plain text area in the same box: the text, the selection, the scroll position and the
// focus carry over (`handoff`). It is controlled: outside changes to `value` (a restored draft, a
// reset) replace the document, while typing reports upwards.
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { markdownMarks } from './markdown-marks';
import { toolbarCommands } from './toolbar-actions';
import { toolbarButtons, type ToolbarActionId } from './toolbar-buttons';
import { undoHistory } from './undo-history';

export type TextEditorProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  describedBy?: string;
};

/** Where the user was in the plain text area when the editor replaced it. */
export type EditorHandoff = { anchor: number; head: number; focused: boolean; scrollTop: number };

type CodeEditorProps = TextEditorProps & {
  handoff: EditorHandoff | null;
  /** Receives the toolbar's runner once the editor exists, and undefined when it goes. */
  onReady: (run: ((id: ToolbarActionId) => void) | undefined) => void;
};

/** The accessible name, description and placeholder, swapped in place when the language changes. */
function labelling(label: string, placeholder: string, described: string | undefined) {
  const attributes: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'true' };
  if (described) attributes['aria-describedby'] = described;
  return [placeholderText(placeholder), EditorView.contentAttributes.of(attributes)];
}

export function CodeEditor({ value, onChange, label, placeholder, describedBy, handoff, onReady }: CodeEditorProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  const initial = useRef({ value, t, handoff, onReady, labels: labelling(label, placeholder, describedBy) });
  const labels = useRef(new Compartment());
  const tableLabels = useRef({ tableHeader: '', tableCell: '' });
  tableLabels.current = { tableHeader: t('pastes.toolbar.tableHeader'), tableCell: t('pastes.toolbar.tableCell') };

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const { value: doc, handoff: from, onReady: ready, labels: firstLabels } = initial.current;
    const shortcuts = toolbarButtons.flatMap((button) =>
      button.key === undefined
        ? []
        : [
            {
              key: button.key,
              run: (target: EditorView) => toolbarCommands[button.id](tableLabels.current)(target),
              preventDefault: true,
            },
          ],
    );
    const clamp = (at: number) => Math.min(Math.max(at, 0), doc.length);
    const editor = new EditorView({
      parent,
      state: EditorState.create({
        doc,
        selection: from ? EditorSelection.single(clamp(from.anchor), clamp(from.head)) : undefined,
        extensions: [
          undoHistory,
          keymap.of(shortcuts),
          markdownMarks,
          labels.current.of(firstLabels),
          EditorView.lineWrapping,
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            emitted.current = update.state.doc.toString();
            onChangeRef.current(emitted.current);
          }),
        ],
      }),
    });
    view.current = editor;
    if (from) {
      editor.scrollDOM.scrollTop = from.scrollTop;
      if (from.focused) editor.focus();
    }
    ready((id) => toolbarCommands[id](tableLabels.current)(editor));
    return () => {
      ready(undefined);
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: labels.current.reconfigure(labelling(label, placeholder, describedBy)) });
  }, [label, placeholder, describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="code-editor__host" data-testid="paste-editor" />;
}
