// A share page whose HTML the server rendered (/paste/{slug}, /file/{slug}) carries the answer it
// was rendered from, as JSON in an inert script element. The page takes it in place of its first
// call, so its first render draws what the HTML already shows and nothing moves; the paste's view
// was counted when the HTML was served. Handed out once, for the page it was made for.
import { SHARE_DATA_ELEMENT_ID, type ServerShareData, type SharePageRendering } from '@shared/share-page';

type Kind = ServerShareData['kind'];
type Carried = { kind: unknown; slug: unknown; answer: unknown; preview?: unknown; rendering?: unknown };

/** A file's text preview that came with the page, by slug, until the preview asks for it. */
const previews = new Map<string, unknown>();

const currentDocument = (): Document | undefined => (typeof document === 'undefined' ? undefined : document);

function read(found: HTMLElement): Carried | undefined {
  try {
    const data: unknown = JSON.parse(found.textContent ?? '');
    if (typeof data !== 'object' || data === null || !('kind' in data) || !('slug' in data) || !('answer' in data))
      return undefined;
    return data;
  } catch {
    return undefined;
  }
}

/**
 * What this page came with, left in place: the entry starts no first call for it (the file page's
 * preview call excepted, which it makes from these details). The caller checks `answer`.
 */
export function peekServerShare(doc: Document | undefined = currentDocument()): Carried | undefined {
  const found = doc?.getElementById(SHARE_DATA_ELEMENT_ID);
  return found === null || found === undefined ? undefined : read(found);
}

/**
 * The server's answer for this share's page, once; undefined for any other page or a second ask.
 * The caller checks it against the endpoint's schema, as the API client would.
 */
export function takeServerShare(kind: Kind, slug: string, doc: Document | undefined = currentDocument()): unknown {
  const found = doc?.getElementById(SHARE_DATA_ELEMENT_ID);
  if (found === null || found === undefined) return undefined;
  found.remove();
  const data = read(found);
  if (data === undefined || data.kind !== kind || data.slug !== slug) return undefined;
  if (data.preview !== undefined) previews.set(slug, data.preview);
  return data.answer;
}

/** The text preview of the file the page came with, once (after its details were taken). */
export function takeServerPreview(slug: string): unknown {
  const preview = previews.get(slug);
  previews.delete(slug);
  return preview;
}

/**
 * How the page's HTML was rendered (its language and date zone), which the app's first render
 * repeats to adopt the server's nodes (src/ui/app/share-island.tsx); undefined without one.
 */
export function servedRendering(doc: Document | undefined = currentDocument()): SharePageRendering | undefined {
  const rendering = peekServerShare(doc)?.rendering;
  if (typeof rendering !== 'object' || rendering === null || !('language' in rendering) || !('zoneOffset' in rendering))
    return undefined;
  const { language, zoneOffset } = rendering;
  if ((language !== 'en' && language !== 'zh') || typeof zoneOffset !== 'number') return undefined;
  return { language, zoneOffset };
}
