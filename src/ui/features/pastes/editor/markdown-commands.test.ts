import { EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { bulletList, heading, link, orderedList, quote, table, wrapWith } from './markdown-commands';
import { undo, undoHistory, redo } from './undo-history';

const views: EditorView[] = [];

function editor(doc: string, from: number, to = from): EditorView {
  const view = new EditorView({
    parent: document.body,
    state: EditorState.create({ doc, selection: EditorSelection.single(from, to), extensions: [undoHistory] }),
  });
  views.push(view);
  return view;
}

afterEach(() => {
  for (const view of views.splice(0)) view.destroy();
});

describe('markdown commands', () => {
  it('wraps the selection in bold and unwraps it again', () => {
    const view = editor('make this bold', 5, 9);
    wrapWith('**')(view);
    expect(view.state.doc.toString()).toBe('make **this** bold');
    wrapWith('**')(view);
    expect(view.state.doc.toString()).toBe('make this bold');
  });

  it('sets, switches and toggles line prefixes across the selection', () => {
    const view = editor('one\ntwo', 0, 7);
    orderedList(view);
    expect(view.state.doc.toString()).toBe('1. one\n2. two');
    view.dispatch({ selection: EditorSelection.single(0, view.state.doc.length) });
    bulletList(view);
    expect(view.state.doc.toString()).toBe('- one\n- two');
    view.dispatch({ selection: EditorSelection.single(0, view.state.doc.length) });
    bulletList(view);
    expect(view.state.doc.toString()).toBe('one\ntwo');
  });

  it.each([
    ['H1', heading(1), '# '],
    ['H2', heading(2), '## '],
    ['H3', heading(3), '### '],
    ['list', bulletList, '- '],
    ['numbered list', orderedList, '1. '],
    ['quote', quote, '> '],
  ] as const)(
    '%s on an empty line leaves the caret after the prefix, so typing follows it',
    (_name, command, prefix) => {
      const view = editor('before\n\nafter', 7);
      command(view);
      view.dispatch(view.state.replaceSelection('first item'));
      expect(view.state.doc.toString()).toBe(`before\n${prefix}first item\nafter`);
    },
  );

  it('gives a selection of several lines the prefix on each line and keeps them selected', () => {
    const view = editor('one\ntwo\nthree', 0, 13);
    quote(view);
    expect(view.state.doc.toString()).toBe('> one\n> two\n> three');
    const { main } = view.state.selection;
    expect(view.state.sliceDoc(main.from, main.to)).toBe('one\n> two\n> three');
  });

  it('replaces one heading level with another', () => {
    const view = editor('# Title', 3);
    heading(2)(view);
    expect(view.state.doc.toString()).toBe('## Title');
  });

  it('turns the selection into a link with the address selected', () => {
    const view = editor('see docs', 4, 8);
    link(view);
    const { main } = view.state.selection;
    expect(view.state.doc.toString()).toBe('see [docs](https://)');
    expect(view.state.sliceDoc(main.from, main.to)).toBe('https://');
  });

  it('adds a table after the current line', () => {
    const view = editor('intro', 5);
    table('Column', 'Cell')(view);
    expect(view.state.doc.toString()).toBe('intro\n\n| Column | Column |\n| --- | --- |\n| Cell | Cell |\n');
  });

  it('undoes and redoes formatting', () => {
    const view = editor('text', 0, 4);
    wrapWith('*')(view);
    expect(undo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('text');
    expect(redo(view)).toBe(true);
    expect(view.state.doc.toString()).toBe('*text*');
    expect(redo(view)).toBe(false);
  });
});
