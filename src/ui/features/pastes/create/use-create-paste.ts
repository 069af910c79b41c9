// Submitting a new paste. An attempt is the form as filled in, the body built from it and an
// Idempotency-Key: submitting the same form again (a retry after a failure) resends that exact body
// and key, expiry time included, so a lost reply never creates the paste twice; any change starts anew.
// A paste queued offline is created when the queue is replayed: the form then shows its link as if
// the server had answered at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { pasteCreateResultSchema, type PasteCreateInput, type PasteCreateResult } from '@shared/api/paste.schema';
import { isApiError, type ApiErrorInit } from '@shared/api-error';
import { randomUuid } from '@shared/random-uuid';
import type { ApiClient } from '@shared/http/api-client';
import { createPaste } from '@shared/api/paste.endpoints';
import { toCreateInput, type PasteOptions, type PasteText } from '@ui/features/pastes/lib/paste-options';
import { useOfflineQueue } from '@ui/domain/offline-queue/offline-queue-provider';
import { fragmentFor, newSecret } from '@shared/e2ee/keys';
import { lockFor, newKdf } from '@shared/e2ee/lock';
import { sealPaste } from '@shared/e2ee/share';
import { passphraseOf } from '@ui/features/pastes/lib/paste-options';

export type CreateState =
  | { status: 'idle' }
  /** `deriving`: the key is being derived from the passphrase, before anything is sent. */
  | { status: 'submitting'; deriving?: boolean }
  | { status: 'failed'; error: ApiErrorInit }
  | { status: 'created'; result: PasteCreateResult };

/** `fragment`: an encrypted paste's key for its link (`#k=…`), held in memory only; else ''. */
type Attempt = { form: string; input: PasteCreateInput; key: string; fragment: string };

const unexpected: ApiErrorInit = { kind: 'bad-response' };

/**
 * The body and Idempotency-Key of a new attempt; an encrypted paste is sealed here, once per attempt,
 * with a random key for its link or one derived from its passphrase (then the link carries none).
 */
async function newAttempt(form: string, text: PasteText, options: PasteOptions): Promise<Attempt> {
  const input = toCreateInput(text, options, Date.now());
  if (options.e2ee !== true) return { form, input, key: randomUuid(), fragment: '' };
  const passphrase = passphraseOf(options);
  const kdf = passphrase === undefined ? undefined : newKdf();
  const secret =
    passphrase === undefined || kdf === undefined
      ? newSecret()
      : await (await import('@ui/domain/e2ee/derive-passphrase')).derivePassphrase(passphrase, kdf);
  return {
    form,
    input: {
      ...input,
      content: await sealPaste(secret, text.content),
      e2ee: true,
      e2eeLock: await lockFor(secret, kdf),
    },
    key: randomUuid(),
    fragment: kdf === undefined ? fragmentFor(secret) : '',
  };
}

function withFragment(result: PasteCreateResult, fragment: string): PasteCreateResult {
  return fragment === '' ? result : { ...result, url: `${result.url}${fragment}` };
}

export function useCreatePaste(api: ApiClient, onCreated: (result: PasteCreateResult) => void) {
  const [state, setState] = useState<CreateState>({ status: 'idle' });
  const lastAttempt = useRef<Attempt | null>(null);
  /** The attempt waiting in the offline queue, if any. */
  const queued = useRef<Attempt | null>(null);
  const queue = useOfflineQueue();
  const created = useRef(onCreated);
  created.current = onCreated;

  useEffect(() => {
    if (queue === null) return undefined;
    return queue.onSent((sent) => {
      const attempt = queued.current;
      if (sent.type !== 'pastes.create' || attempt === null || sent.idempotencyKey !== attempt.key) return;
      queued.current = null;
      lastAttempt.current = null;
      const result = pasteCreateResultSchema.safeParse(sent.data);
      if (!result.success) return setState({ status: 'idle' });
      const linked = withFragment(result.data, attempt.fragment);
      setState({ status: 'created', result: linked });
      created.current(linked);
    });
  }, [queue]);

  const submit = useCallback(
    async ({ content, format }: PasteText, options: PasteOptions) => {
      const form = JSON.stringify({ content, format, options });
      queued.current = null;
      const fresh = lastAttempt.current?.form !== form;
      setState({ status: 'submitting', ...(fresh && passphraseOf(options) !== undefined ? { deriving: true } : {}) });
      let attempt: Attempt | null = null;
      try {
        attempt =
          lastAttempt.current?.form === form
            ? lastAttempt.current
            : await newAttempt(form, { content, format }, options);
        lastAttempt.current = attempt;
        setState({ status: 'submitting' });
        const result = withFragment(
          await api.call(createPaste, { body: attempt.input, headers: { 'Idempotency-Key': attempt.key } }),
          attempt.fragment,
        );
        lastAttempt.current = null;
        setState({ status: 'created', result });
        onCreated(result);
      } catch (error) {
        if (isApiError(error) && error.kind === 'queued') queued.current = attempt;
        setState({ status: 'failed', error: isApiError(error) ? error.toJSON() : unexpected });
      }
    },
    [api, onCreated],
  );

  return { state, submit };
}
