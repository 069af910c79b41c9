import type { TextPreviewState } from '@ui/components/preview/use-text-preview';
import { TextPreviewView } from '@ui/components/preview/text-preview';
import { useFilePreview } from './data/use-public-file';

/** A share's text, code or Markdown, as the server rendered it. */
export function SharedTextPreview({ slug, token, markdown }: { slug: string; token: string; markdown: boolean }) {
  const { state } = useFilePreview(slug, token);
  const shown: TextPreviewState =
    state.status === 'ready'
      ? { status: 'ready', html: state.data.html, truncated: state.data.truncated, unrendered: state.data.unrendered }
      : { status: state.status === 'loading' ? 'loading' : 'failed' };
  const limitBytes = state.status === 'ready' ? state.data.limit_bytes : 0;
  return <TextPreviewView state={shown} markdown={markdown} limitBytes={limitBytes} />;
}
