// Toolbar and shortcut commands that edit Markdown source in CodeMirror: wrap the selection in
// inline markers, or set a block prefix on every selected line (toggling it off when present).
import { EditorSelection, type ChangeSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

export type MarkdownCommand = (view: EditorView) => boolean;

function finish(view: EditorView): boolean {
  view.focus();
  return true;
}

export function wrapWith(marker: string): MarkdownCommand {
  return (view) => {
    const { state } = view;
    const size = marker.length;
    const update = state.changeByRange((range) => {
      const wrapped =
        state.sliceDoc(range.from - size, range.from) === marker &&
        state.sliceDoc(range.to, range.to + size) === marker;
      if (wrapped) {
        const changes = [
          { from: range.from - size, to: range.from },
          { from: range.to, to: range.to + size },
        ];
        return { changes, range: EditorSelection.range(range.from - size, range.to - size) };
      }
      const changes = [
        { from: range.from, insert: marker },
        { from: range.to, insert: marker },
      ];
      return { changes, range: EditorSelection.range(range.from + size, range.to + size) };
    });
    view.dispatch(update, { scrollIntoView: true, userEvent: 'input.format' });
    return finish(view);
  };
}

function selectedLines(view: EditorView) {
  const { doc, selection } = view.state;
  const numbers = new Set<number>();
  for (const range of selection.ranges) {
    const last = doc.lineAt(range.to).number;
    for (let n = doc.lineAt(range.from).number; n <= last; n += 1) numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b).map((n) => doc.line(n));
}

/** Gives each selected line `prefix(i)` in place of any prefix matching `existing`; toggles off when all have it. */
export function setLinePrefix(prefix: (index: number) => string, existing: RegExp): MarkdownCommand {
  return (view) => {
    const lines = selectedLines(view);
    const allSet = lines.every((line, i) => line.text.startsWith(prefix(i)));
    const specs: ChangeSpec[] = lines.map((line, i) => {
      const current = existing.exec(line.text)?.[0] ?? '';
      return { from: line.from, to: line.from + current.length, insert: allSet ? '' : prefix(i) };
    });
    const changes = view.state.changes(specs);
    // A caret at a line's start would stay before an inserted prefix; map it past the prefix.
    view.dispatch({
      changes,
      selection: view.state.selection.map(changes, 1),
      scrollIntoView: true,
      userEvent: 'input.format',
    });
    return finish(view);
  };
}

export const heading = (level: number) => setLinePrefix(() => `${'#'.repeat(level)} `, /^#{1,6} /);
export const bulletList = setLinePrefix(() => '- ', /^(?:[-*+]|\d+[.)]) /);
export const orderedList = setLinePrefix((i) => `${i + 1}. `, /^(?:[-*+]|\d+[.)]) /);
export const quote = setLinePrefix(() => '> ', /^> ?/);

/** Inline code for a one-line selection, a fenced block for several lines. */
export const code: MarkdownCommand = (view) => {
  const { state } = view;
  const multiline = state.selection.ranges.some(
    (r) => state.doc.lineAt(r.from).number !== state.doc.lineAt(r.to).number,
  );
  if (!multiline) return wrapWith('`')(view);
  const update = state.changeByRange((range) => {
    const from = state.doc.lineAt(range.from).from;
    const to = state.doc.lineAt(range.to).to;
    return {
      changes: [
        { from, insert: '```\n' },
        { from: to, insert: '\n```' },
      ],
      range: EditorSelection.range(from + 4, to + 4),
    };
  });
  view.dispatch(update, { scrollIntoView: true, userEvent: 'input.format' });
  return finish(view);
};

/** `[selection](https://)` with the address selected, ready to type over. */
export const link: MarkdownCommand = (view) => {
  const { state } = view;
  const url = 'https://';
  const update = state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to);
    const insert = `[${text}](${url})`;
    const urlStart = range.from + text.length + 3;
    const selection = text
      ? EditorSelection.range(urlStart, urlStart + url.length)
      : EditorSelection.cursor(range.from + 1);
    return { changes: { from: range.from, to: range.to, insert }, range: selection };
  });
  view.dispatch(update, { scrollIntoView: true, userEvent: 'input.format' });
  return finish(view);
};

/** A two-column table after the current line, with the first header cell selected. */
export function table(header: string, cell: string): MarkdownCommand {
  return (view) => {
    const line = view.state.doc.lineAt(view.state.selection.main.head);
    const lead = line.text.trim() === '' ? '' : '\n\n';
    const insert = `${lead}| ${header} | ${header} |\n| --- | --- |\n| ${cell} | ${cell} |\n`;
    const start = line.to + lead.length + 2;
    view.dispatch({
      changes: { from: line.to, insert },
      selection: EditorSelection.range(start, start + header.length),
      scrollIntoView: true,
      userEvent: 'input.format',
    });
    return finish(view);
  };
}
