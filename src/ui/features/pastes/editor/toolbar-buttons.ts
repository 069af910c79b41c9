// The Markdown toolbar's buttons in order, with the shortcut each one also has in the editor.
// Plain data, so the toolbar can be drawn (disabled) before CodeMirror and its commands arrive.
export const toolbarButtons = [
  { id: 'h1', glyph: 'H1', key: 'Mod-Alt-1' },
  { id: 'h2', glyph: 'H2', key: 'Mod-Alt-2' },
  { id: 'h3', glyph: 'H3', key: 'Mod-Alt-3' },
  { id: 'bold', glyph: 'B', key: 'Mod-b' },
  { id: 'italic', glyph: 'I', key: 'Mod-i' },
  { id: 'bulletList', glyph: '•', key: 'Mod-Shift-8' },
  { id: 'orderedList', glyph: '1.', key: 'Mod-Shift-7' },
  { id: 'quote', glyph: '❝', key: 'Mod-Shift-9' },
  { id: 'code', glyph: '</>', key: 'Mod-e' },
  { id: 'link', glyph: '[ ]()', key: 'Mod-k' },
  { id: 'table', glyph: '▦', key: undefined },
] as const satisfies readonly { id: string; glyph: string; key: string | undefined }[];

export type ToolbarActionId = (typeof toolbarButtons)[number]['id'];

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

/** "Ctrl+B" / "⌘+B" for the tooltip, "Control+B" / "Meta+B" for aria-keyshortcuts. */
export function describeKey(key: string): { visible: string; aria: string } {
  const mac = isMac();
  const parts = key.split('-').map((part) => (part.length === 1 ? part.toUpperCase() : part));
  const visible = parts.map((p) => (p === 'Mod' ? (mac ? '⌘' : 'Ctrl') : p === 'Alt' && mac ? '⌥' : p)).join('+');
  const aria = parts.map((p) => (p === 'Mod' ? (mac ? 'Meta' : 'Control') : p)).join('+');
  return { visible, aria };
}
