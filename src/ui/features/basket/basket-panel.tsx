// The basket panel: what was collected, its count and total, each entry's status
// (pending, preparing, downloading, completed, failed) with a remove button, "Download all" (one ZIP, as a task) and clear.
// Spec §9: a large or very large total (folders included once counted) asks first, without naming
// the thresholds; so does a basket whose folders are still being counted, saying so.
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BasketItemDoc } from '@db/schemas/basket.schema';
import { isFinished } from '@machines/task-registry';
import type { BasketEntry } from '@workers/basket-protocol';
import { ConfirmDialog } from '@ui/components/confirm-dialog';
import { useAuthActor } from '@ui/domain/session/auth-provider';
import { formatBytes } from '@ui/lib/format-bytes';
import { useTaskRegistry, useTasks } from '@ui/domain/tasks/task-provider';
import { getTransferClient } from '@ui/domain/transfer/transfer';
import { basketDownloadTask, chooseZipTarget, type ZipTarget } from './basket-download';
import { asksBeforeDownload, basketZipName, summarizeBasket, type BasketSummary } from '@db/basket-summary';
import { clearBasket, setBasketStatus, useBasket } from '@ui/domain/basket/basket-store';
import { BasketRow } from './basket-row';

function entryOf(item: BasketItemDoc): BasketEntry {
  return {
    id: item.id,
    source: item.source,
    scope: item.scope,
    path: item.path,
    name: item.name,
    isDirectory: item.isDirectory,
    size: item.isDirectory ? null : item.size,
  };
}

/** What the confirmation says: the large-download warning, folders still being counted (the total may grow), or, once all are counted and it is small after all, the total. */
function confirmation(summary: BasketSummary, total: string, t: TFunction): { title: string; message: string } {
  const parts: string[] = [];
  if (summary.warning === 'very-large') parts.push(t('basket.warningVeryLarge'));
  else if (summary.warning === 'large') parts.push(t('basket.warningLarge'));
  if (summary.counting > 0) parts.push(t('basket.warningCounting', { count: summary.counting, size: total }));
  if (parts.length === 0) parts.push(t('basket.countedNow', { size: total }));
  return {
    title: summary.warning === 'none' ? t('basket.confirmTitle') : t('basket.warningTitle'),
    message: parts.join(t('basket.sentenceGap')),
  };
}

export function BasketPanel() {
  const { t } = useTranslation();
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

  const total = formatBytes(summary.knownBytes);
  const totalText =
    summary.counting > 0
      ? t('basket.totalCounting', { size: total })
      : summary.unknown > 0
        ? t('basket.totalFolders', { size: total })
        : t('basket.total', { size: total });
  const asking = confirming ? confirmation(summary, total, t) : null;
  return (
    <div className="transfers">
      <p className="basket__summary" aria-live="polite">
        <span>{t('basket.count', { count: summary.count })}</span>
        <span>{totalText}</span>
      </p>
      <div className="transfers__toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={running}
          onClick={() => (asksBeforeDownload(summary) ? setConfirming(true) : void start())}
        >
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
      {/* The choice of where to save needs the click itself: confirming starts at once, never after a wait. */}
      {asking && (
        <ConfirmDialog
          title={asking.title}
          message={asking.message}
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
