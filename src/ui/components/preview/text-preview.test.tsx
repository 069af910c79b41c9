import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@ui/app/i18n';
import { previewResources } from './preview.locales';
import { TextPreviewView } from './text-preview';
import type { TextPreviewState } from './use-text-preview';

afterEach(cleanup);

function show(state: TextPreviewState, language: 'en' | 'zh', markdown = true) {
  const i18n = createI18n(window.localStorage, language);
  for (const lng of ['en', 'zh'] as const) i18n.addResourceBundle(lng, 'translation', previewResources[lng], true);
  return render(
    <I18nextProvider i18n={i18n}>
      <TextPreviewView state={state} markdown={markdown} limitBytes={1024} />
    </I18nextProvider>,
  );
}

describe('TextPreviewView', () => {
  const escaped = '<pre class="markdown-unrendered">_a_a &lt;b&gt;</pre>';

  it('says why a text came as plain text, in English and Chinese', () => {
    show({ status: 'ready', html: escaped, truncated: false, unrendered: 'too-complex' }, 'en');
    expect(screen.getByRole('note')).toHaveTextContent(
      'This file is too complex to format, so it is shown as plain text.',
    );
    expect(document.querySelector('pre.markdown-unrendered')?.textContent).toBe('_a_a <b>');
    cleanup();
    show({ status: 'ready', html: escaped, truncated: false, unrendered: 'too-complex' }, 'zh');
    expect(screen.getByRole('note')).toHaveTextContent('此文件过于复杂，无法排版，因此以纯文本显示。');
    cleanup();
    show({ status: 'ready', html: '_a_a', truncated: false, unrendered: 'busy' }, 'en', false);
    expect(screen.getByRole('note')).toHaveTextContent('The server is busy, so this file is shown as plain text.');
  });

  it('adds no note to a rendered text', () => {
    show({ status: 'ready', html: '<h1>Title</h1>', truncated: false }, 'en');
    expect(screen.getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
