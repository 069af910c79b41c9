// Markdown → safe HTML with highlighted code, in one chunk (marked, DOMPurify and highlight.js),
// for callers that render once (the file preview). See markdown-render.ts for the rules.
import { highlightCode } from '@shared/markdown/highlight';
import { createMarkdownRenderer } from './markdown-render';

/** GitHub-flavoured Markdown rendered to sanitised HTML. */
export const renderMarkdown = createMarkdownRenderer(highlightCode);
