// The shell's Tasks and Basket buttons, each with a badge (running tasks, entries in the basket),
// opening its panel as a dialog on every page, so tasks started anywhere can be followed and
// cancelled from anywhere. In the header on wide screens; on phones, where the header is full,
// they float at the bottom corner. Loaded as its own chunk, with its strings (root-layout.tsx),
// only when there is something to show: a signed-in user, a task, or a basket this browser holds.
import { useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { isFinished } from '@machines/task-registry';
import { Dialog } from '@ui/components/dialog';
import { useTasks } from '@ui/domain/tasks/task-provider';
import { BasketPanel } from './basket-panel';
import { useBasket } from '@ui/domain/basket/basket-store';
import { TaskPanel } from './task-panel';
import './transfers.css';

type Open = 'tasks' | 'basket' | null;

const PHONE = '(max-width: 40rem)';

/** Whether the screen is phone-sized; the header is full there, so the buttons leave it. */
function usePhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(PHONE);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

function PanelDialog({ title, onClose, children }: { title: string; onClose: () => void; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose} wide>
      {children}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('tasks.close')}
        </button>
      </div>
    </Dialog>
  );
}

export function ShellPanels({ showBasket }: { showBasket: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const tasks = useTasks();
  const basket = useBasket();
  const running = tasks.filter((task) => !isFinished(task.status)).length;
  const inBasket = basket.status === 'ready' ? basket.items.length : 0;
  const phone = usePhone();
  const buttons = (
    <div className="shell-panels">
      <button
        type="button"
        className="shell-panel-button"
        aria-haspopup="dialog"
        aria-label={running > 0 ? t('tasks.openRunning', { count: running }) : t('tasks.open')}
        onClick={() => setOpen('tasks')}
      >
        <span aria-hidden="true">{t('tasks.open')}</span>
        {running > 0 && (
          <span className="shell-panel-button__badge" aria-hidden="true">
            {running}
          </span>
        )}
      </button>
      {(showBasket || inBasket > 0) && (
        <button
          type="button"
          className="shell-panel-button"
          aria-haspopup="dialog"
          aria-label={inBasket > 0 ? t('basket.openCount', { count: inBasket }) : t('basket.open')}
          onClick={() => setOpen('basket')}
        >
          <span aria-hidden="true">{t('basket.open')}</span>
          {inBasket > 0 && (
            <span className="shell-panel-button__badge" aria-hidden="true">
              {inBasket}
            </span>
          )}
        </button>
      )}
    </div>
  );
  return (
    <>
      {phone ? createPortal(buttons, document.body) : buttons}
      {open === 'tasks' && (
        <PanelDialog title={t('tasks.title')} onClose={() => setOpen(null)}>
          <TaskPanel />
        </PanelDialog>
      )}
      {open === 'basket' && (
        <PanelDialog title={t('basket.title')} onClose={() => setOpen(null)}>
          <BasketPanel />
        </PanelDialog>
      )}
    </>
  );
}
