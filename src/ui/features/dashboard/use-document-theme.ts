import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/**
 * The theme applied to <html>, read after the theme provider has set it: canvas drawing must
 * wait for the new CSS variables, which a React theme value would announce too early.
 */
export function useDocumentTheme(): string {
  return useSyncExternalStore(subscribe, () => document.documentElement.dataset['theme'] ?? 'light');
}
