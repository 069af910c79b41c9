// Light Markdown highlighting from line-level regular expressions. A full Markdown grammar
// (@codemirror/lang-markdown and its parser) would not fit the home page's bundle budget.
import {
  Decoration,
  MatchDecorator,
  ViewPlugin,
  type DecorationSet,
  type EditorView,
  type ViewUpdate,
} from '@codemirror/view';

/** One capture group per kind, in this order; MatchDecorator applies them line by line. */
const patterns = {
  heading: /^(#{1,6} .*)/,
  quote: /^(>.*)/,
  list: /^(\s*(?:[-*+]|\d+[.)]) )/,
  fence: /^(```.*)/,
  strong: /(\*\*[^*\n]+\*\*|__[^_\n]+__)/,
  em: /((?<![*\w])\*[^*\s][^*\n]*\*(?!\*)|(?<![_\w])_[^_\s][^_\n]*_(?![_\w]))/,
  code: /(`[^`\n]+`)/,
  link: /(!?\[[^\]\n]*\]\([^)\s]*\))/,
};
const kinds = Object.keys(patterns);
const pattern = new RegExp(
  Object.values(patterns)
    .map((p) => p.source)
    .join('|'),
  'g',
);

const marks = kinds.map((kind) => Decoration.mark({ class: `cm-md-${kind}` }));
const plain = Decoration.mark({});

const decorator = new MatchDecorator({
  regexp: pattern,
  decoration: (match) => {
    const index = match.slice(1).findIndex((group) => group !== undefined);
    return marks[index] ?? plain;
  },
});

export const markdownMarks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = decorator.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = decorator.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
