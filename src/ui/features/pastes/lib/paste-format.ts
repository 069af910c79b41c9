/** How a paste is shown: rendered Markdown, or plain text in a <pre>. */
export const pasteFormats = ['markdown', 'plain'] as const;
export type PasteFormat = (typeof pasteFormats)[number];
