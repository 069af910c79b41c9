// A share page whose HTML the server rendered (/paste/{slug}, /file/{slug}) carries the answer it
// was rendered from, as JSON in an inert script element. The page takes it in place of its first
// call, so its first render draws what the HTML already shows and nothing moves; the paste's view
// was counted when the HTML was served. Handed out once, for the page it was made for.
import { SHARE_DATA_ELEMENT_ID, type ServerShareData } from '@shared/share-page';

type Kind = ServerShareData['kind'];

function element(doc: Document | undefined): HTMLElement | null {
  return doc === undefined ? null : doc.getElementById(SHARE_DATA_ELEMENT_ID);
}

const currentDocument = (): Document | undefined => (typeof document === 'undefined' ? undefined : document);

/** Whether this page came with the server's answer (the entry then starts no first call). */
export function hasServerShare(doc: Document | undefined = currentDocument()): boolean {
  return element(doc) !== null;
}

/**
 * The server's answer for this share's page, once; undefined for any other page or a second ask.
 * The caller checks it against the endpoint's schema, as the API client would.
 */
export function takeServerShare(kind: Kind, slug: string, doc: Document | undefined = currentDocument()): unknown {
  const found = element(doc);
  if (found === null) return undefined;
  found.remove();
  try {
    const data: unknown = JSON.parse(found.textContent ?? '');
    if (typeof data !== 'object' || data === null || !('kind' in data) || !('slug' in data) || !('answer' in data))
      return undefined;
    return data.kind === kind && data.slug === slug ? data.answer : undefined;
  } catch {
    return undefined;
  }
}
