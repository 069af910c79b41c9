import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@ui/app/i18n';
import { MarkdownHtml } from './markdown-html';

afterEach(cleanup);

function renderMarkdown(source: string) {
  const i18n = createI18n(window.localStorage, 'en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MarkdownHtml source={source} />
    </I18nextProvider>,
  );
}

describe('MarkdownHtml', () => {
  it('shows the text first, then colours fenced code once highlight.js has loaded', async () => {
    const { container } = renderMarkdown('# Notes\n\n```json\n{"k": 1}\n```');
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    const code = () => container.querySelector('code.hljs.language-json');
    expect(code()?.textContent).toBe('{"k": 1}\n');
    await waitFor(() => expect(code()?.querySelector('span')).not.toBeNull());
    expect(code()?.textContent).toBe('{"k": 1}\n');
  });

  it('renders text without fenced code at once', async () => {
    const { container } = renderMarkdown('plain *words* only');
    expect(await screen.findByText('words')).toBeInTheDocument();
    expect(container.querySelector('code')).toBeNull();
  });
});
