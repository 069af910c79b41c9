// The editor toolbar's buttons in order, with the shortcut each one also has in the editor.
import { bulletList, code, heading, link, orderedList, quote, table, wrapWith, type MarkdownCommand } from './markdown-commands';

export type ToolbarAction = {
  id: 'h1' | 'h2' | 'h3' | 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'quote' | 'code' | 'link' | 'table';
  glyph: string;
  /** CodeMirror key name, e.g. "Mod-b". */
  key?: string;
  command: (labels: { tableHeader: string; tableCell: string }) => MarkdownCommand;
};

export const toolbarActions: readonly ToolbarAction[] = [
  { id: 'h1', glyph: 'H1', key: 'Mod-Alt-1', command: () => heading(1) },
  { id: 'h2', glyph: 'H2', key: 'Mod-Alt-2', command: () => heading(2) },
  { id: 'h3', glyph: 'H3', key: 'Mod-Alt-3', command: () => heading(3) },
  { id: 'bold', glyph: 'B', key: 'Mod-b', command: () => wrapWith('**') },
  { id: 'italic', glyph: 'I', key: 'Mod-i', command: () => wrapWith('*') },
  { id: 'bulletList', glyph: '•', key: 'Mod-Shift-8', command: () => bulletList },
  { id: 'orderedList', glyph: '1.', key: 'Mod-Shift-7', command: () => orderedList },
  { id: 'quote', glyph: '❝', key: 'Mod-Shift-9', command: () => quote },
  { id: 'code', glyph: '</>', key: 'Mod-e', command: () => code },
  { id: 'link', glyph: '[ ]()', key: 'Mod-k', command: () => link },
  { id: 'table', glyph: '▦', command: ({ tableHeader, tableCell }) => table(tableHeader, tableCell) },
];

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** "Ctrl+B" / "⌘+B" for the tooltip, "Control+B" / "Meta+B" for aria-keyshortcuts. */
export function describeKey(key: string): { visible: string; aria: string } {
  const mac = isMac();
  const parts = key.split('-').map((part) => (part.length === 1 ? part.toUpperCase() : part));
  const visible = parts.map((p) => (p === 'Mod' ? (mac ? '⌘' : 'Ctrl') : p === 'Alt' && mac ? '⌥' : p)).join('+');
  const aria = parts.map((p) => (p === 'Mod' ? (mac ? 'Meta' : 'Control') : p)).join('+');
  return { visible, aria };
}
