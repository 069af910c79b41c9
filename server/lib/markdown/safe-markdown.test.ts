// @vitest-environment jsdom
// jsdom only parses the server's output for the checks; the rendering itself uses no DOM.
import { describe, it } from 'vitest';
import { markdownSafetyCases, parsedHtml } from '@tests/unit/markdown-safety-cases';
import { markdownToSafeHtml } from './safe-markdown';

describe('markdownToSafeHtml (sanitize-html), held to the rules the browser keeps too', () => {
  it.each(markdownSafetyCases)('$name', ({ source, check }) => {
    const html = markdownToSafeHtml(source);
    check(parsedHtml(html), html);
  });
});
