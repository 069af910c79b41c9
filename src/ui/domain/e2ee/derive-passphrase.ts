// A share's secret from a passphrase, derived in a worker of its own (passphrase.worker.ts) so the
// page stays responsive while Argon2id runs; in the page only where no worker can start.
import { fromBase64Url } from '@shared/e2ee/keys';
import type { Kdf } from '@shared/e2ee/lock';
import type { PassphraseAnswer } from './passphrase.worker';

function inPage(passphrase: string, kdf: Kdf): Promise<Uint8Array<ArrayBuffer>> {
  return import('@shared/e2ee/passphrase').then(({ secretFromPassphrase }) => secretFromPassphrase(passphrase, kdf));
}

/** Rejects when the parameters are malformed (or too costly to accept) or the worker fails. */
export function derivePassphrase(passphrase: string, kdf: Kdf): Promise<Uint8Array<ArrayBuffer>> {
  if (typeof Worker !== 'function') return inPage(passphrase, kdf);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./passphrase.worker.ts', import.meta.url), { type: 'module', name: 'passphrase' });
  } catch {
    return inPage(passphrase, kdf);
  }
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<PassphraseAnswer>) => {
      worker.terminate();
      const secret = event.data.ok ? fromBase64Url(event.data.secret) : null;
      if (secret === null) reject(new Error('the passphrase could not be derived'));
      else resolve(secret);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error('the passphrase worker failed'));
    };
    worker.postMessage({ passphrase, kdf });
  });
}
