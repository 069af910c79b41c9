// Submitting a new paste. Each submit attempt carries an Idempotency-Key; a retry of the same
// payload after a failure reuses it, so a lost reply never creates the paste twice.
import { useCallback, useRef, useState } from 'react';
import type { PasteCreateInput, PasteCreateResult } from '../../../../shared/api/paste.schema';
import { isApiError, type ApiErrorInit } from '../../../../shared/api-error';
import type { ApiClient } from '../../../lib/api-client';
import { createPaste } from '../../../lib/api/pastes';

export type CreateState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'failed'; error: ApiErrorInit }
  | { status: 'created'; result: PasteCreateResult };

const unexpected: ApiErrorInit = { kind: 'bad-response' };

export function useCreatePaste(api: ApiClient, onCreated: (result: PasteCreateResult) => void) {
  const [state, setState] = useState<CreateState>({ status: 'idle' });
  const lastAttempt = useRef<{ payload: string; key: string } | null>(null);

  const submit = useCallback(
    async (input: PasteCreateInput) => {
      const payload = JSON.stringify(input);
      const key = lastAttempt.current?.payload === payload ? lastAttempt.current.key : crypto.randomUUID();
      lastAttempt.current = { payload, key };
      setState({ status: 'submitting' });
      try {
        const result = await createPaste(api, input, key);
        lastAttempt.current = null;
        setState({ status: 'created', result });
        onCreated(result);
      } catch (error) {
        setState({ status: 'failed', error: isApiError(error) ? error.toJSON() : unexpected });
      }
    },
    [api, onCreated],
  );

  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, submit, dismiss };
}
