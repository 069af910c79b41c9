// The task panel: every long operation of this tab (copy, upload, delete, download)
// with its progress, bytes and speed while it runs, cancel, and once finished its summary
// ("copy completed: N succeeded, M failed") with a retry of the failed items.
import { useTranslation } from 'react-i18next';
import { isFinished, type TaskView } from '@machines/task-registry';
import { formatBytes } from '@ui/lib/format-bytes';
import { useTaskRegistry, useTasks } from '@ui/domain/tasks/task-provider';

const SHOWN_FAILURES = 5;

function TaskRow({ task }: { task: TaskView }) {
  const { t } = useTranslation();
  const registry = useTaskRegistry();
  const type = t(`tasks.type.${task.type}`);
  const finished = isFinished(task.status);
  const done = task.succeeded + task.failed;
  const bytes = task.bytes;
  return (
    <li className="task" data-status={task.status}>
      <div className="task__head">
        <span className="task__label">{task.label}</span>
        <span className="task__status">{t(`tasks.status.${task.status}`)}</span>
      </div>
      {!finished && (
        <progress
          className="task__bar"
          max={100}
          value={task.percent}
          aria-label={t('tasks.progress', { label: task.label })}
        />
      )}
      <p className="task__numbers">
        {task.total !== null
          ? t('tasks.items', { done, count: task.total })
          : done > 0 && t('tasks.itemsOpen', { count: done })}
        {bytes !== null && (
          <span>
            {bytes.total !== null && bytes.total > 0
              ? t('tasks.bytes', { loaded: formatBytes(bytes.loaded), total: formatBytes(bytes.total) })
              : t('tasks.bytesOpen', { loaded: formatBytes(bytes.loaded) })}
          </span>
        )}
        {!finished && task.bytesPerSecond > 0 && (
          <span>{t('tasks.speed', { speed: formatBytes(task.bytesPerSecond) })}</span>
        )}
      </p>
      {(task.status === 'completed' ||
        task.status === 'partial' ||
        (task.status === 'failed' && task.error === null)) && (
        <p className="task__summary" role="status">
          {t('tasks.summary', { type, succeeded: task.succeeded, failed: task.failed })}
        </p>
      )}
      {task.status === 'cancelled' && (
        <p className="task__summary">{t('tasks.cancelledAfter', { succeeded: task.succeeded })}</p>
      )}
      {task.error !== null && (
        <p className="task__summary task__summary--error" role="alert">
          {t('tasks.error', { message: task.error.message ?? task.error.code })}
        </p>
      )}
      {task.failures.length > 0 && (
        <details className="task__failures">
          <summary>
            {t('tasks.failures')} ({task.failures.length})
          </summary>
          <ul>
            {task.failures.slice(0, SHOWN_FAILURES).map((failure) => (
              <li key={failure.item}>
                <span className="task__failure-item">{failure.item}</span> {failure.message ?? failure.code}
              </li>
            ))}
            {task.failures.length > SHOWN_FAILURES && <li>…</li>}
          </ul>
        </details>
      )}
      <div className="task__actions">
        {!finished && (
          <button type="button" className="button" onClick={() => registry.cancel(task.id)}>
            {t('tasks.cancel')}
          </button>
        )}
        {task.canRetry && (
          <button type="button" className="button" onClick={() => registry.retry(task.id)}>
            {t('tasks.retry')}
          </button>
        )}
        {finished && (
          <button type="button" className="button" onClick={() => registry.dismiss(task.id)}>
            {t('tasks.dismiss')}
          </button>
        )}
      </div>
    </li>
  );
}

export function TaskPanel() {
  const { t } = useTranslation();
  const registry = useTaskRegistry();
  const tasks = useTasks();
  if (tasks.length === 0) return <p className="transfers__empty">{t('tasks.empty')}</p>;
  return (
    <div className="transfers">
      {tasks.some((task) => isFinished(task.status)) && (
        <div className="transfers__toolbar">
          <button type="button" className="button" onClick={registry.clearFinished}>
            {t('tasks.clearFinished')}
          </button>
        </div>
      )}
      <ul className="tasks" aria-label={t('tasks.title')}>
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} />
        ))}
      </ul>
    </div>
  );
}
