// Snapshot undo/redo for the paste editor. @codemirror/commands' history would cost ~9 KB gzip of
// the home page's 250 KB budget; CodeMirror documents are shared ropes, so old versions are cheap.
import { StateEffect, StateField, type EditorSelection, type Text, type Transaction } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';

type Snapshot = { doc: Text; selection: EditorSelection };
type History = { done: Snapshot[]; undone: Snapshot[]; lastEditAt: number };

const GROUP_MS = 600;
const DEPTH = 200;
const setHistory = StateEffect.define<History>();

const isTyping = (tr: Transaction) => tr.isUserEvent('input.type') || tr.isUserEvent('delete');

const historyField = StateField.define<History>({
  create: () => ({ done: [], undone: [], lastEditAt: 0 }),
  update(history, tr) {
    for (const effect of tr.effects) if (effect.is(setHistory)) return effect.value;
    if (!tr.docChanged) return history;
    const now = Date.now();
    if (isTyping(tr) && now - history.lastEditAt < GROUP_MS && history.done.length > 0)
      return { ...history, lastEditAt: now };
    const snapshot = { doc: tr.startState.doc, selection: tr.startState.selection };
    return { done: [...history.done.slice(-DEPTH + 1), snapshot], undone: [], lastEditAt: isTyping(tr) ? now : 0 };
  },
});

function travel(direction: 'undo' | 'redo') {
  return (view: EditorView): boolean => {
    const history = view.state.field(historyField);
    const from = direction === 'undo' ? history.done : history.undone;
    const target = from.at(-1);
    if (!target) return false;
    const current = { doc: view.state.doc, selection: view.state.selection };
    const rest = from.slice(0, -1);
    const next: History =
      direction === 'undo'
        ? { done: rest, undone: [...history.undone, current], lastEditAt: 0 }
        : { done: [...history.done, current], undone: rest, lastEditAt: 0 };
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: target.doc },
      selection: target.selection,
      effects: setHistory.of(next),
      scrollIntoView: true,
      userEvent: direction,
    });
    return true;
  };
}

export const undo = travel('undo');
export const redo = travel('redo');

export const undoHistory = [
  historyField,
  keymap.of([
    { key: 'Mod-z', run: undo, preventDefault: true },
    { key: 'Mod-y', run: redo, preventDefault: true },
    { key: 'Mod-Shift-z', run: redo, preventDefault: true },
  ]),
];
