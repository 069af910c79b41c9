// A page the server composes per request (a share page: its own title and link-preview tags, and
// the server's rendering of the share, server/modules/share-page) from a route page's HTML. The
// HTML is cut once into the pieces around what changes (cached per text), so a request joins
// strings instead of running a chain of replacements over the whole page, each making a copy.
import type { PageHead } from './static-site.middleware';

type Parts = {
  /** Up to the value of `<html lang="…">`, that value, and on to `<title>`. */
  beforeLang: string;
  lang: string;
  langToTitle: string;
  /** After `</title>` to the end of the frame's opening tag (without its aria-hidden). */
  titleToFrameOpen: string;
  /** The frame's rest up to the end of its header, where the rendered content goes. */
  frameHeader: string;
  /** The unchanged text between the header and the root, then the root and the rest. */
  headerToRoot: string;
  fromRoot: string;
  /** The same page without the body's changes: after `</title>`, unchanged. */
  afterTitle: string;
};

const parsed = new Map<string, Parts | undefined>();

/**
 * The app's modulepreloads at low priority: they still start with the HTML (the app takes the page
 * over as soon as before), but below what the first paint needs, so a simulated slow link (Lighthouse)
 * no longer counts them toward the paint of a page that paints from its HTML alone.
 */
function lowPriorityPreloads(html: string): string {
  return html.replace(
    /(<link rel="modulepreload"(?![^>]*\bfetchpriority=)[^>]*?)(\s*\/?>)/g,
    '$1 fetchpriority="low"$2',
  );
}

function partsOf(text: string): Parts | undefined {
  if (parsed.has(text)) return parsed.get(text);
  // A handful of route pages; a rebuild under a running server adds their new texts.
  if (parsed.size >= 32) parsed.clear();
  const html = lowPriorityPreloads(text.replace(/\s*<meta name="description"[^>]*>/, ''));
  const lang = /<html lang="([^"]*)"/.exec(html);
  const title = /<title>[^<]*<\/title>/.exec(html);
  const frame = /(<div id="shell-frame"[^>]*?)\s+aria-hidden="true"(>[\s\S]*?<\/header>)/.exec(html);
  const root = html.indexOf('<div id="root">');
  let parts: Parts | undefined;
  if (lang !== null && title !== null && frame !== null && root >= 0) {
    const langStart = lang.index + '<html lang="'.length;
    const langEnd = langStart + (lang[1] ?? '').length;
    const titleEnd = title.index + title[0].length;
    const frameEnd = frame.index + frame[0].length;
    if (langEnd <= title.index && titleEnd <= frame.index && frameEnd <= root)
      parts = {
        beforeLang: html.slice(0, langStart),
        lang: lang[1] ?? '',
        langToTitle: html.slice(langEnd, title.index),
        titleToFrameOpen: html.slice(titleEnd, frame.index) + (frame[1] ?? ''),
        frameHeader: frame[2] ?? '',
        headerToRoot: html.slice(frameEnd, root),
        fromRoot: html.slice(root),
        afterTitle: html.slice(titleEnd),
      };
  }
  parsed.set(text, parts);
  return parts;
}

/**
 * `text` with `head` in place of its title and description and, when the page has its frame and
 * root, the server's rendering in the frame after its header (then shown to assistive technology
 * too) and the data the app takes over from before the root. The app adopts the rendered share
 * view and replaces the rest of the frame in its first commit (root-layout.tsx).
 */
export function composePage(text: string, head: PageHead): string {
  const titled = `<title>${head.title}</title>\n    ${head.tags}`;
  const parts = partsOf(text);
  if (parts === undefined) {
    return text.replace(/\s*<meta name="description"[^>]*>/, '').replace(/<title>[^<]*<\/title>/, () => titled);
  }
  const { body } = head;
  if (body === undefined) return parts.beforeLang + parts.lang + parts.langToTitle + titled + parts.afterTitle;
  return (
    parts.beforeLang +
    body.lang +
    parts.langToTitle +
    titled +
    parts.titleToFrameOpen +
    parts.frameHeader +
    body.html +
    parts.headerToRoot +
    `<script type="application/json" id="share-data">${body.data}</script>\n    ` +
    parts.fromRoot
  );
}
