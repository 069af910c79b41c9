// Loads one paste for its view page and unlocks it with a password. A GET counts a view, so each
// slug is requested once per page even when React runs effects twice in development. The page asks
// with `reveal=ask`: a view-limited paste then spends nothing until the visitor presses "Show it".
import { useCallback, useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import {
  isLockedPaste,
  isRevealPending,
  type LockedPasteView,
  type PasteDetail,
  type PasteView,
  type PasteViewAnswer,
  pasteViewAnswerSchema,
} from '@shared/api/paste.schema';
import { isApiError, type ApiErrorInit } from '@shared/api-error';
import type { ApiClient } from '@shared/http/api-client';
import { unlockPaste, viewPaste } from '@shared/api/paste.endpoints';
// Markdown comes rendered and sanitised by the server: no Markdown code runs in the browser.
import { pasteEditorQuery, pastePageQuery, pasteRevealQuery } from '@shared/api/share-paths';
import { keepOffThread } from '@ui/lib/keep-off-thread';
import { takeServerShare } from '@ui/domain/shares/server-share';
import { hasStoredCredential } from '@machines/auth-storage-keys';
import { findCopy, keepCopy } from '@ui/features/pastes/lib/offline-paste-copies';
import { keyGate, pageSecret, type SealProblem, unsealed } from './unseal-paste';
import { type E2eeLock, type Kdf, matchesLock } from '@shared/e2ee/lock';

/** `offlineCopy`: when the paste was saved on this device, for a copy shown without a connection. */
export type OpenPaste = PasteView & { content: string; offlineCopy?: number };

export type PasteViewState =
  | { status: 'loading' }
  | { status: 'locked'; meta: LockedPasteView; unlocking: boolean; error: ApiErrorInit | null }
  | { status: 'reveal'; viewsLeft: number | null; revealing: boolean; error: ApiErrorInit | null }
  | { status: 'ready'; paste: OpenPaste }
  /** An end-to-end encrypted paste whose link has no key, or a key that does not open it. */
  | { status: 'sealed'; problem: SealProblem }
  /** A passphrase paste: nothing is read until a passphrase passes its key check (docs/encryption.md). */
  | {
      status: 'passphrase';
      kdf: Kdf;
      lock: E2eeLock;
      view: PasteViewAnswer;
      deriving: boolean;
      wrong: boolean;
    }
  | { status: 'missing' }
  | { status: 'gone' }
  | { status: 'failed'; error: ApiErrorInit };

const toError = (error: unknown): ApiErrorInit => (isApiError(error) ? error.toJSON() : { kind: 'bad-response' });

function failedState(error: unknown): PasteViewState {
  const init = toError(error);
  if (init.kind === 'not-found') return { status: 'missing' };
  if (init.kind === 'gone') return { status: 'gone' };
  return { status: 'failed', error: init };
}

function shown(view: PasteViewAnswer): PasteViewState {
  if (isLockedPaste(view)) return { status: 'locked', meta: view, unlocking: false, error: null };
  if (isRevealPending(view)) return { status: 'reveal', viewsLeft: view.viewsLeft, revealing: false, error: null };
  return { status: 'ready', paste: view };
}

/** The copy is kept at once, in a worker: the local database is no part of showing the paste. */
function keepForOffline(view: PasteViewAnswer): void {
  if (isLockedPaste(view) || isRevealPending(view)) return;
  keepOffThread(
    () => new Worker(new URL('../lib/paste-copy.worker.ts', import.meta.url), { type: 'module', name: 'paste-copy' }),
    view,
    () => void keepCopy(view).catch(() => undefined),
  );
}

type Secret = Uint8Array<ArrayBuffer> | null;

async function readable(paste: OpenPaste, secret: Secret): Promise<PasteViewState> {
  const open = await unsealed(paste, secret);
  return typeof open === 'string' ? { status: 'sealed', problem: open } : { status: 'ready', paste: open };
}

/** An encrypted paste is kept sealed for offline reading, and opened with the link's key (docs/encryption.md). */
async function opened(view: PasteViewAnswer, secret: Secret): Promise<PasteViewState> {
  // Without the key an encrypted paste is not worth a password or a view: say so at once.
  if (view.e2ee === true && secret === null && !('content' in view)) return { status: 'sealed', problem: 'no-key' };
  keepForOffline(view);
  const next = shown(view);
  return next.status === 'ready' ? readable(next.paste, secret) : next;
}

/** An encrypted paste without a view limit whose key the link holds is read at once: no "Show it" step. */
const readsAtOnce = (view: PasteViewAnswer, secret: Secret) =>
  isRevealPending(view) && view.e2ee === true && view.viewsLeft === null && secret !== null;

/** The answer the page's HTML was rendered from (src/ui/domain/shares/server-share.ts), if it came with one; never an encrypted one. */
function serverView(slug: string): PasteViewAnswer | undefined {
  const parsed = z.safeParse(pasteViewAnswerSchema, takeServerShare('paste', slug));
  return parsed.success && parsed.data.e2ee !== true ? parsed.data : undefined;
}

/** Whether this browser holds a session, whose own read of the paste may say more (its edit id). */
function signedIn(): boolean {
  try {
    return hasStoredCredential(window.localStorage);
  } catch {
    return false;
  }
}

/** Without a connection, the copy kept on this device when the paste was last opened, if any. */
async function offlineOr(slug: string, failed: PasteViewState, secret: Secret): Promise<PasteViewState> {
  if (failed.status !== 'failed' || (failed.error.kind !== 'network' && failed.error.kind !== 'timeout')) return failed;
  const copy = await findCopy(slug).catch(() => null);
  return copy === null ? failed : readable({ ...copy.view, offlineCopy: copy.savedAt }, secret);
}

/**
 * The open paste after its owner saved an edit; views and rights stay as they were. The server's
 * HTML (or its verdict that the Markdown was too complex) was about the old content, so the
 * browser renders the new one.
 */
function edited({ html: _old, unrendered: _oldVerdict, ...paste }: OpenPaste, saved: PasteDetail): OpenPaste {
  const { content, format, slug, remark, hasPassword, maxViews, expiresAt, updatedAt } = saved;
  return { ...paste, content, format, slug, remark, hasPassword, maxViews, expiresAt, updatedAt };
}

export function usePasteView(api: ApiClient, slug: string) {
  // A page the server rendered starts from the answer it was rendered from: the first frame is
  // the HTML's, and the view it counted is not counted again.
  const [adopted] = useState(() => serverView(slug));
  const [state, setState] = useState<PasteViewState>(() =>
    adopted === undefined ? { status: 'loading' } : shown(adopted),
  );
  const requested = useRef<string | null>(adopted === undefined ? null : slug);
  // The key in the link (docs/encryption.md), read as the page opens: it never leaves the page.
  const [secret, setSecret] = useState(pageSecret);
  const open = useCallback((view: PasteViewAnswer) => opened(view, secret), [secret]);
  /** After the key check: an unlimited encrypted paste is read at once, anything else shown as it stands. */
  const proceed = useCallback(
    async (view: PasteViewAnswer, key: Secret): Promise<PasteViewState> =>
      opened(
        readsAtOnce(view, key) ? await api.call(viewPaste, { params: { slug }, query: pasteRevealQuery }) : view,
        key,
      ),
    [api, slug],
  );
  const current = useRef(slug);

  useEffect(() => {
    current.current = slug;
  }, [slug]);

  const settle = useCallback((forSlug: string, next: PasteViewState) => {
    if (current.current === forSlug) setState(next);
  }, []);

  const load = useCallback(() => {
    requested.current = slug;
    setState({ status: 'loading' });
    api
      .call(viewPaste, { params: { slug }, query: pastePageQuery })
      // The key is checked against the paste's lock before anything that could spend a view.
      .then(async (view) => (await keyGate(view, secret)) ?? proceed(view, secret))
      .catch((error: unknown) => offlineOr(slug, failedState(error), secret))
      .then((next) => settle(slug, next));
  }, [api, slug, settle, secret, proceed]);

  /** A passphrase typed on the page: derived in a worker, and used only when it passes the key check. */
  const enterPassphrase = useCallback(
    (passphrase: string) => {
      if (state.status !== 'passphrase' || state.deriving) return;
      const asked = state;
      setState({ ...asked, deriving: true, wrong: false });
      import('@ui/domain/e2ee/derive-passphrase')
        .then(({ derivePassphrase }) => derivePassphrase(passphrase, asked.kdf))
        .then(async (derived) => {
          if (!(await matchesLock(derived, asked.lock))) return { ...asked, deriving: false, wrong: true };
          setSecret(derived);
          return proceed(asked.view, derived);
        })
        .catch((error: unknown) => failedState(error))
        .then((next) => settle(slug, next));
    },
    [state, slug, settle, proceed],
  );

  useEffect(() => {
    if (requested.current !== slug) load();
  }, [slug, load]);

  const refreshed = useRef(false);
  useEffect(() => {
    if (adopted === undefined || refreshed.current) return;
    refreshed.current = true;
    keepForOffline(adopted);
    // The server read it for anyone; a session's own read adds what only its owner sees (the edit
    // id), in place, without going through the loading state. The HTML counted this visit's view:
    // that read counts none (and is refused to a session that may not edit the paste).
    if (!signedIn() || isRevealPending(adopted)) return;
    api
      .call(viewPaste, { params: { slug }, query: pasteEditorQuery })
      .then(open, () => undefined)
      .then((next) => next !== undefined && settle(slug, next));
  }, [adopted, api, slug, settle, open]);

  const unlock = useCallback(
    (password: string) => {
      if (state.status !== 'locked') return;
      const { meta } = state;
      setState({ status: 'locked', meta, unlocking: true, error: null });
      api
        .call(unlockPaste, { params: { slug }, query: pastePageQuery, body: { password } })
        .then(open, (error: unknown) => {
          const next = failedState(error);
          return next.status === 'failed'
            ? { status: 'locked' as const, meta, unlocking: false, error: next.error }
            : next;
        })
        .then((next) => settle(slug, next));
    },
    [api, slug, state, settle, open],
  );

  /** The visitor asked to see a view-limited paste: the one read that spends a view. */
  const reveal = useCallback(() => {
    if (state.status !== 'reveal' || state.revealing) return;
    const { viewsLeft } = state;
    setState({ status: 'reveal', viewsLeft, revealing: true, error: null });
    api
      .call(viewPaste, { params: { slug }, query: pasteRevealQuery })
      .then(open, (error: unknown) => {
        const next = failedState(error);
        return next.status === 'failed'
          ? { status: 'reveal' as const, viewsLeft, revealing: false, error: next.error }
          : next;
      })
      .then((next) => settle(slug, next));
  }, [api, slug, state, settle, open]);

  const applyEdit = useCallback((saved: PasteDetail) => {
    setState((previous) =>
      previous.status === 'ready' ? { status: 'ready', paste: edited(previous.paste, saved) } : previous,
    );
  }, []);

  return { state, unlock, reveal, retry: load, applyEdit, enterPassphrase };
}
