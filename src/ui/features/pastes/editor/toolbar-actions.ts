// What each toolbar button and its shortcut do in CodeMirror; loaded with the editor's chunk.
import {
  bulletList,
  code,
  heading,
  link,
  orderedList,
  quote,
  table,
  wrapWith,
  type MarkdownCommand,
} from './markdown-commands';
import type { ToolbarActionId } from './toolbar-buttons';

export type TableLabels = { tableHeader: string; tableCell: string };

export const toolbarCommands: Record<ToolbarActionId, (labels: TableLabels) => MarkdownCommand> = {
  h1: () => heading(1),
  h2: () => heading(2),
  h3: () => heading(3),
  bold: () => wrapWith('**'),
  italic: () => wrapWith('*'),
  bulletList: () => bulletList,
  orderedList: () => orderedList,
  quote: () => quote,
  code: () => code,
  link: () => link,
  table: ({ tableHeader, tableCell }) => table(tableHeader, tableCell),
};
