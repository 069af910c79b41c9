// The contract between the server and the module that renders a share page's content into its
// HTML (src/ui/ssr/share-page-render.tsx, built beside the server and loaded by it at run time), and
// the one between that HTML and the app that takes the page over (src/ui/domain/shares/server-share.ts).
import type { PasteViewAnswer } from './api/paste.schema';
import type { FilePreview, PublicFileAnswer } from './api/file-share.schema';

/** The element of the page's HTML that holds the answer the server rendered it from, as JSON. */
export const SHARE_DATA_ELEMENT_ID = 'share-data';

export type SharePageLanguage = 'en' | 'zh';

/** The element of the page's HTML whose content the app adopts (hydrates) as the share's view. */
export const SHARE_ISLAND_ELEMENT_ID = 'share-island';

/**
 * How the HTML was rendered, which the browser's first render repeats to adopt its nodes: the
 * language, and the offset from UTC (minutes east) its dates were written at.
 */
export type SharePageRendering = { language: SharePageLanguage; zoneOffset: number };

/** What that element holds: the answer the page's own first call would have got. */
export type ServerShareData = (
  | { kind: 'paste'; slug: string; answer: PasteViewAnswer }
  | { kind: 'file'; slug: string; answer: PublicFileAnswer; preview?: FilePreview }
) & { rendering?: SharePageRendering };

/** The data and the links the page shows (the API's addresses, as the app writes them). */
export type SharePageInput =
  | { kind: 'paste'; slug: string; answer: PasteViewAnswer; rawUrl: string }
  | {
      kind: 'file';
      slug: string;
      answer: PublicFileAnswer;
      links: { view: string; download: string } | null;
      /** A text, code or Markdown file's preview, as the page's preview call answers it. */
      preview?: FilePreview;
    };

/** The page's content below its header (the app's `<main>` and footer) as HTML. */
export type RenderSharePage = (input: SharePageInput, rendering: SharePageRendering) => string;
