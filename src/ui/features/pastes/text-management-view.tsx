import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { useAuthView } from '@ui/domain/session/auth-provider';
import { useDocumentTitle } from '@ui/lib/use-document-title';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { EditPasteDialog } from './edit/edit-paste-dialog';
import { PageNav } from './manage/page-nav';
import { PasteTable } from './manage/paste-table';
import { usePasteActions, type PendingAction } from './manage/use-paste-actions';
import { usePasteList } from './manage/use-paste-list';
import './components/shared.css';
import './manage/manage.css';

/** Admin module "text management": every paste for the admin, its own pastes for an API key. */
export function TextManagementView({ title }: { title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const api = useApiClient();
  const scope = useAuthView().status === 'admin' ? 'admin' : 'user';
  const { page, setPage, state, reload } = usePasteList(api, scope);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const actions = usePasteActions(api, scope, () => {
    setSelected(new Set());
    reload();
  });

  const data = state.status === 'ready' ? state.data : state.status === 'loading' ? state.previous : null;
  const select = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };
  const goTo = (next: number) => {
    setSelected(new Set());
    setPage(next);
  };
  const confirmText = (action: PendingAction) =>
    action.kind === 'deleteOne'
      ? t('pastes.manage.confirmDeleteOne', { slug: action.paste.slug })
      : action.kind === 'deleteMany'
        ? t('pastes.manage.confirmDeleteMany', { count: action.ids.length })
        : t('pastes.manage.confirmClear');

  return (
    <section className="text-management" aria-labelledby="text-management-title" aria-busy={state.status === 'loading'}>
      <h1 id="text-management-title" className="page__title">
        {title}
      </h1>
      <div className="actions text-management__tools">
        <button
          type="button"
          className="button button--danger"
          disabled={selected.size === 0}
          onClick={() => actions.ask({ kind: 'deleteMany', ids: [...selected] })}
        >
          {t('pastes.manage.deleteSelected', { count: selected.size })}
        </button>
        {scope === 'admin' && (
          <button type="button" className="button" onClick={() => actions.ask({ kind: 'clearExpired' })}>
            {t('pastes.manage.clearExpired')}
          </button>
        )}
        <button type="button" className="button" onClick={reload}>
          {t('pastes.manage.refresh')}
        </button>
      </div>
      <p role="status" className={actions.outcome?.tone === 'error' ? 'form-error' : 'muted'}>
        {actions.outcome?.message}
      </p>
      {state.status === 'failed' && (
        <div role="alert" className="notice">
          <p>{apiErrorMessage(t, state.error)}</p>
          <button type="button" className="button" onClick={reload}>
            {t('fallback.retry')}
          </button>
        </div>
      )}
      {state.status === 'loading' && !data && <p role="status">{t('app.loading')}</p>}
      {data && data.items.length === 0 && <p className="notice">{t('pastes.manage.empty')}</p>}
      {data && data.items.length > 0 && (
        <PasteTable
          items={data.items}
          selected={selected}
          onSelect={select}
          onEdit={(paste) => setEditing(paste.id)}
          onDelete={(paste) => actions.ask({ kind: 'deleteOne', paste })}
        />
      )}
      {data && <PageNav page={page} totalPages={data.totalPages} onPage={goTo} />}
      {editing && (
        <EditPasteDialog
          api={api}
          scope={scope}
          id={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            actions.setOutcome({ tone: 'ok', message: t('pastes.manage.saved') });
            reload();
          }}
        />
      )}
      {actions.pending && (
        <ConfirmDialog
          title={t('pastes.manage.confirmTitle')}
          message={confirmText(actions.pending)}
          confirmLabel={
            actions.pending.kind === 'clearExpired' ? t('pastes.manage.clearExpired') : t('pastes.manage.delete')
          }
          busy={actions.busy}
          error={null}
          onConfirm={actions.confirm}
          onCancel={actions.cancel}
        />
      )}
    </section>
  );
}
