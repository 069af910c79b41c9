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
import { useOfflineQueue } from '@ui/lib/offline-queue-provider';

export type CreateState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'failed'; error: ApiErrorInit }
  | { status: 'created'; result: PasteCreateResult };

type Attempt = { form: string; input: PasteCreateInput; key: string };

const unexpected: ApiErrorInit = { kind: 'bad-response' };

export function useCreatePaste(api: ApiClient, onCreated: (result: PasteCreateResult) => void) {
  const [state, setState] = useState<CreateState>({ status: 'idle' });
  const lastAttempt = useRef<Attempt | null>(null);
  /** The key of the attempt waiting in the offline queue, if any. */
  const queuedKey = useRef<string | null>(null);
  const queue = useOfflineQueue();
  const created = useRef(onCreated);
  created.current = onCreated;

  useEffect(() => {
    if (queue === null) return undefined;
    return queue.onSent((sent) => {
      if (sent.type !== 'pastes.create' || sent.idempotencyKey !== queuedKey.current) return;
      queuedKey.current = null;
      lastAttempt.current = null;
      const result = pasteCreateResultSchema.safeParse(sent.data);
      if (!result.success) return setState({ status: 'idle' });
      setState({ status: 'created', result: result.data });
      created.current(result.data);
    });
  }, [queue]);

  const submit = useCallback(
    async ({ content, format }: PasteText, options: PasteOptions) => {
      const form = JSON.stringify({ content, format, options });
      const attempt =
        lastAttempt.current?.form === form
          ? lastAttempt.current
          : { form, input: toCreateInput({ content, format }, options, Date.now()), key: randomUuid() };
      lastAttempt.current = attempt;
      queuedKey.current = null;
      setState({ status: 'submitting' });
      try {
        const result = await api.call(createPaste, {
          body: attempt.input,
          headers: { 'Idempotency-Key': attempt.key },
        });
        lastAttempt.current = null;
        setState({ status: 'created', result });
        onCreated(result);
      } catch (error) {
        if (isApiError(error) && error.kind === 'queued') queuedKey.current = attempt.key;
        setState({ status: 'failed', error: isApiError(error) ? error.toJSON() : unexpected });
      }
    },
    [api, onCreated],
  );

  return { state, submit };
}
