// The destructive actions of the management list, confirmed first: delete one, delete the
// selection, clear expired. Each reports a translated outcome and asks the list to reload.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasteListItem } from '@shared/api/paste.schema';
import { isApiError } from '@shared/api-error';
import type { ApiClient } from '@shared/http/api-client';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { clearExpiredPastes } from '@shared/api/paste.endpoints';
import { pasteEndpointsOf, type PasteScope } from '@ui/features/pastes/data/paste-scope';

export type PendingAction =
  | { kind: 'deleteOne'; paste: PasteListItem }
  | { kind: 'deleteMany'; ids: string[] }
  | { kind: 'clearExpired' };

export type ActionOutcome = { tone: 'ok' | 'error'; message: string };

export function usePasteActions(api: ApiClient, scope: PasteScope, onDone: () => void) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);

  const run = async (action: PendingAction): Promise<string> => {
    if (action.kind === 'deleteOne') {
      await api.call(pasteEndpointsOf(scope).remove, { params: { id: action.paste.id } });
      return t('pastes.manage.deleted', { count: 1 });
    }
    if (action.kind === 'deleteMany') {
      const { deleted } = await api.call(pasteEndpointsOf(scope).removeMany, { body: { ids: action.ids } });
      return t('pastes.manage.deleted', { count: deleted });
    }
    const { deleted } = await api.call(clearExpiredPastes, {});
    return t('pastes.manage.cleared', { count: deleted });
  };

  const confirm = () => {
    if (!pending) return;
    setBusy(true);
    const failed = (error: unknown) => (isApiError(error) ? apiErrorMessage(t, error) : t('errors.bad-response'));
    run(pending)
      .then(
        (message) => setOutcome({ tone: 'ok', message }),
        (error: unknown) => setOutcome({ tone: 'error', message: failed(error) }),
      )
      .finally(() => {
        setBusy(false);
        setPending(null);
        onDone();
      });
  };

  const ask = (action: PendingAction) => {
    setOutcome(null);
    setPending(action);
  };

  return { pending, busy, outcome, ask, confirm, cancel: () => setPending(null), setOutcome };
}
