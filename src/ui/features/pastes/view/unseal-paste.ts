// An end-to-end encrypted paste on its page (docs/encryption.md): the key is the link's fragment,
// read once when the page opens. The server's answer holds sealed text; it opens here or not at all.
import type { PasteView, PasteViewAnswer } from '@shared/api/paste.schema';
import { type E2eeLock, type Kdf, matchesLock } from '@shared/e2ee/lock';
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

type Gate =
  | { status: 'sealed'; problem: SealProblem }
  | { status: 'passphrase'; kdf: Kdf; lock: E2eeLock; view: PasteViewAnswer; deriving: false; wrong: false };

/**
 * Before anything that could spend a view of an encrypted paste: null when the page may go on;
 * otherwise a missing or wrong key (told by the paste's key check, so no view is spent), or the
 * passphrase to ask for when the link carries no key. A paste without a lock is told by its content.
 */
export async function keyGate(view: PasteViewAnswer, secret: Uint8Array<ArrayBuffer> | null): Promise<Gate | null> {
  if (view.e2ee !== true || 'content' in view) return null;
  const lock = view.e2eeLock;
  if (secret !== null) return (await matchesLock(secret, lock)) ? null : { status: 'sealed', problem: 'wrong-key' };
  if (lock?.kdf !== undefined)
    return { status: 'passphrase', kdf: lock.kdf, lock, view, deriving: false, wrong: false };
  return { status: 'sealed', problem: 'no-key' };
}
