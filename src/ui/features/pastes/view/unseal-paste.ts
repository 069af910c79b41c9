// An end-to-end encrypted paste on its page (docs/encryption.md): the key is the link's fragment,
// read once when the page opens. The server's answer holds sealed text; it opens here or not at all.
import type { PasteView } from '@shared/api/paste.schema';
import { secretFromFragment } from '@shared/e2ee/keys';
import { openPaste } from '@shared/e2ee/share';

/** 'no-key': the link lost its fragment; 'wrong-key': the fragment does not open this paste. */
export type SealProblem = 'no-key' | 'wrong-key';

export function pageSecret(): Uint8Array<ArrayBuffer> | null {
  return typeof window === 'undefined' ? null : secretFromFragment(window.location.hash);
}

/** The paste with its text opened, or why it cannot be; a plain paste passes through. */
export async function unsealed<V extends PasteView>(
  view: V,
  secret: Uint8Array<ArrayBuffer> | null,
): Promise<V | SealProblem> {
  if (view.e2ee !== true) return view;
  if (secret === null) return 'no-key';
  try {
    return { ...view, content: await openPaste(secret, view.content) };
  } catch {
    return 'wrong-key';
  }
}
