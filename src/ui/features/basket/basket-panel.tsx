// The basket panel: what was collected, its count and total, each entry's status
// (pending, preparing, downloading, completed, failed) with a remove button, "Download all" (one ZIP, as a task) and clear. A large or very
// large total asks first, without naming the thresholds.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketItemDoc } from '@db/schemas/basket.schema';
import { isFinished } from '@machines/task-registry';
import type { BasketEntry } from '@workers/basket-protocol';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { useAuthActor } from '@ui/lib/auth-provider';
import { formatBytes } from '@ui/lib/format-bytes';
import { useTaskRegistry, useTasks } from '@ui/lib/task-provider';
import { getTransferClient } from '@ui/lib/transfer';
import { basketDownloadTask, chooseZipTarget, type ZipTarget } from './basket-download';
import { basketZipName, summarizeBasket } from '@db/basket-summary';
import { clearBasket, removeFromBasket, setBasketStatus, useBasket } from '@ui/lib/basket-store';

function entryOf(item: BasketItemDoc): BasketEntry {
  return { id: item.id, source: item.source, scope: item.scope, path: item.path, name: item.name, isDirectory: item.isDirectory, size: item.size };
}

function BasketRow({ item, busy }: { item: BasketItemDoc; busy: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="basket-item" data-status={item.status}>
      <span className="basket-item__name" title={item.path}>
        {item.name}
        {item.isDirectory && <span className="basket-item__kind">{t('basket.folder')}</span>}
      </span>
      <span className="basket-item__size">{item.size === null ? '—' : formatBytes(item.size, i18n.language)}</span>
      <span className="basket-item__status" title={item.error ?? undefined}>
        {t(`basket.status.${item.status}`)}
      </span>
      <button type="button" className="button basket-item__remove" disabled={busy} aria-label={t('basket.remove', { name: item.name })} onClick={() => void removeFromBasket(item.id)}>
        {t('basket.removeShort')}
      </button>
    </li>
  );
}

export function BasketPanel() {
  const { t, i18n } = useTranslation();
  const basket = useBasket();
  const registry = useTaskRegistry();
  const tasks = useTasks();
  const auth = useAuthActor();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const running = tasks.some((task) => task.id === taskId && !isFinished(task.status));

  if (basket.status === 'loading') return <p className="transfers__empty">{t('app.loading')}</p>;
  if (basket.status === 'unavailable') return <p className="transfers__empty">{t('basket.unavailable')}</p>;
  const { items } = basket;
  if (items.length === 0) return <p className="transfers__empty">{t('basket.empty')}</p>;
  const summary = summarizeBasket(items);

  const start = async () => {
    setProblem(null);
    const filename = basketZipName();
    const choice = await chooseZipTarget(filename);
    if (choice.kind === 'dismissed') return;
    if (choice.kind === 'unsupported') {
      setProblem(t('basket.unsupported'));
      return;
    }
    let chosen: ZipTarget | null = choice;
    const spec = basketDownloadTask({
      transfers: getTransferClient(auth),
      entries: items.map(entryOf),
      filename,
      label: t('basket.zipLabel', { count: items.length }),
      reportName: t('basket.reportName'),
      // The first run writes where the user just chose; a retry asks again.
      target: async () => {
        if (chosen !== null) {
          const target = chosen;
          chosen = null;
          return target;
        }
        const again = await chooseZipTarget(filename);
        if (again.kind === 'file' || again.kind === 'service-worker') return again;
        throw new Error(t('basket.unsupported'));
      },
      onStatus: (id, status, error) => void setBasketStatus(id, status, error).catch(() => undefined),
    });
    setTaskId(registry.start(spec));
  };

  const total = formatBytes(summary.knownBytes, i18n.language);
  return (
    <div className="transfers">
      <p className="basket__summary" aria-live="polite">
        <span>{t('basket.count', { count: summary.count })}</span>
        <span>{summary.folders > 0 ? t('basket.totalFolders', { size: total }) : t('basket.total', { size: total })}</span>
      </p>
      <div className="transfers__toolbar">
        <button type="button" className="button button--primary" disabled={running} onClick={() => (summary.warning === 'none' ? void start() : setConfirming(true))}>
          {running ? t('basket.downloading') : t('basket.downloadAll')}
        </button>
        <button type="button" className="button" disabled={running} onClick={() => void clearBasket()}>
          {t('basket.clear')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <ul className="basket-items" aria-label={t('basket.title')}>
        {items.map((item) => (
          <BasketRow key={item.id} item={item} busy={running} />
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={t('basket.warningTitle')}
          message={summary.warning === 'very-large' ? t('basket.warningVeryLarge') : t('basket.warningLarge')}
          confirmLabel={t('basket.confirm')}
          busy={false}
          error={null}
          onConfirm={() => {
            setConfirming(false);
            void start();
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
