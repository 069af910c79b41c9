import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '@ui/app/i18n';
import { NodeWebWorker } from '@tests/unit/support/node-web-worker';
import { MarkdownHtml } from './markdown-html';

// jsdom has no Web Worker: the real Markdown worker module runs in a Node thread.
beforeAll(() => {
  vi.stubGlobal('Worker', NodeWebWorker);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
afterEach(cleanup);

function renderMarkdown(source: string) {
  const i18n = createI18n(window.localStorage, 'en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MarkdownHtml source={source} />
    </I18nextProvider>,
  );
}

describe('MarkdownHtml', { timeout: 120_000 }, () => {
  it('shows the text first, then colours fenced code once highlight.js has loaded', async () => {
    const { container } = renderMarkdown('# Notes\n\n```json\n{"k": 1}\n```');
    expect(await screen.findByRole('heading', { name: 'Notes' }, { timeout: 60_000 })).toBeInTheDocument();
    const code = () => container.querySelector('code.hljs.language-json');
    expect(code()?.textContent).toBe('{"k": 1}\n');
    await waitFor(() => expect(code()?.querySelector('span')).not.toBeNull(), { timeout: 60_000 });
    expect(code()?.textContent).toBe('{"k": 1}\n');
  });

  it('renders text without fenced code at once', async () => {
    const { container } = renderMarkdown('plain *words* only');
    expect(await screen.findByText('words', {}, { timeout: 60_000 })).toBeInTheDocument();
    expect(container.querySelector('code')).toBeNull();
  });

  it('shows Markdown too complex to render as its text, escaped, under a note', async () => {
    const source = `<b>${'_a'.repeat(125_000)}`;
    const { container } = renderMarkdown(source);
    // This test's i18n holds the shell's strings only: the note shows its key.
    expect(await screen.findByRole('note', {}, { timeout: 60_000 })).toHaveTextContent('pastes.preview.tooComplex');
    expect(container.querySelector('pre.markdown-unrendered')?.textContent === source).toBe(true);
    expect(container.querySelector('b')).toBeNull();
  });
});
