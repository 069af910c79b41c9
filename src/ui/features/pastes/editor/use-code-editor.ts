// CodeMirror is not part of the first paint: its chunk loads when the user reaches for the
// editor (pointer, focus or key on the text area, pointer on the toolbar) and then takes the text
// area's place in one synchronous commit, with the selection, scroll and focus handed over, so
// typing carries on. It waits for an input method to finish composing, since swapping the element
// would drop a half-typed word. Visitors who only read the page never download it.
import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { EditorHandoff } from './code-editor';
import type { ToolbarActionId } from './toolbar-buttons';

type CodeEditorModule = typeof import('./code-editor');
type Runner = (id: ToolbarActionId) => void;

function handoffFrom(area: HTMLTextAreaElement | null): EditorHandoff | null {
  if (area === null) return null;
  const backward = area.selectionDirection === 'backward';
  return {
    anchor: backward ? area.selectionEnd : area.selectionStart,
    head: backward ? area.selectionStart : area.selectionEnd,
    focused: document.activeElement === area,
    scrollTop: area.scrollTop,
  };
}

/** `wanted`: the Markdown format is chosen and its editing pane is shown. */
export function useCodeEditor(wanted: boolean) {
  const [editor, setEditor] = useState<CodeEditorModule['CodeEditor'] | null>(null);
  const [handoff, setHandoff] = useState<EditorHandoff | null>(null);
  const [run, setRun] = useState<Runner | undefined>(undefined);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const composing = useRef(false);
  const arrived = useRef<CodeEditorModule | null>(null);
  const loading = useRef(false);
  const wantedNow = useRef(wanted);
  wantedNow.current = wanted;

  const takeOver = useCallback(() => {
    const module = arrived.current;
    if (module === null || composing.current) return;
    const from = wantedNow.current ? handoffFrom(textArea.current) : null;
    flushSync(() => {
      setHandoff(from);
      setEditor(() => module.CodeEditor);
    });
  }, []);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    import('./code-editor').then(
      (module) => {
        arrived.current = module;
        takeOver();
      },
      // Without the chunk (offline on a first visit) the plain text area simply stays.
      () => {
        loading.current = false;
      },
    );
  }, [takeOver]);

  const onComposing = useCallback(
    (active: boolean) => {
      composing.current = active;
      if (!active && arrived.current !== null && textArea.current !== null) takeOver();
    },
    [takeOver],
  );

  /** The editor reports its toolbar runner once it exists; the handoff was for that first mount only. */
  const onReady = useCallback((runner: Runner | undefined) => {
    setRun(() => runner);
    if (runner !== undefined) setHandoff(null);
  }, []);

  return {
    CodeEditor: wanted ? editor : null,
    handoff,
    run: wanted && editor !== null ? run : undefined,
    textArea,
    load,
    onComposing,
    onReady,
  };
}
