// The CodeMirror 6 editor of the explorer's text files, its own chunk loaded when a file is
// opened for editing. Uncontrolled: it reports every change and starts from `initial`. Tab
// leaves the editor (no keyboard trap inside the dialog); Mod-S saves.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

type TextEditorProps = { initial: string; label: string; onChange: (text: string) => void; onSave: () => void };

export function TextEditor({ initial, label, onChange, onSave }: TextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onChange, onSave });
  handlers.current = { onChange, onSave };
  const start = useRef({ initial, label });

  useEffect(() => {
    const parent = host.current;
    if (!parent) return;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: start.current.initial,
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          history(),
          EditorView.lineWrapping,
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                handlers.current.onSave();
                return true;
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          EditorView.contentAttributes.of({ 'aria-label': start.current.label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.focus();
    return () => view.destroy();
  }, []);

  return <div ref={host} className="text-editor" />;
}
