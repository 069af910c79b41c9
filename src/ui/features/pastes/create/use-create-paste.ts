// Submitting a new paste. An attempt is the form as filled in, the body built from it and an
// Idempotency-Key: submitting the same form again (a retry after a failure) resends that exact body
// and key, expiry time included, so a lost reply never creates the paste twice; any change starts anew.
import { useCallback, useRef, useState } from 'react';
import type { PasteCreateInput, PasteCreateResult } from '@shared/api/paste.schema';
import { isApiError, type ApiErrorInit } from '@shared/api-error';
import { randomUuid } from '@shared/random-uuid';
import type { ApiClient } from '@shared/http/api-client';
import { createPaste } from '@shared/api/paste.endpoints';
import { toCreateInput, type PasteOptions, type PasteText } from '@ui/features/pastes/lib/paste-options';

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

  const submit = useCallback(
    async ({ content, format }: PasteText, options: PasteOptions) => {
      const form = JSON.stringify({ content, format, options });
      const attempt =
        lastAttempt.current?.form === form
          ? lastAttempt.current
          : { form, input: toCreateInput({ content, format }, options, Date.now()), key: randomUuid() };
      lastAttempt.current = attempt;
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
        setState({ status: 'failed', error: isApiError(error) ? error.toJSON() : unexpected });
      }
    },
    [api, onCreated],
  );

  return { state, submit };
}
