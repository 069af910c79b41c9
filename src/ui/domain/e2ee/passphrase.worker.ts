// Turns a passphrase into a share's secret (src/shared/e2ee/passphrase.ts) off the page's main
// thread: Argon2id takes most of a second and tens of MiB on purpose. One derivation per worker;
// the page ends the worker when it answers, which frees the memory.
import { toBase64Url } from '@shared/e2ee/keys';
import type { Kdf } from '@shared/e2ee/lock';
import { secretFromPassphrase } from '@shared/e2ee/passphrase';

type Ask = { passphrase: string; kdf: Kdf };
export type PassphraseAnswer = { ok: true; secret: string } | { ok: false };

self.onmessage = (event: MessageEvent<Ask>) => {
  secretFromPassphrase(event.data.passphrase, event.data.kdf).then(
    (secret) => self.postMessage({ ok: true, secret: toBase64Url(secret) } satisfies PassphraseAnswer),
    () => self.postMessage({ ok: false } satisfies PassphraseAnswer),
  );
};
