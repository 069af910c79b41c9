import { useTranslation } from 'react-i18next';
import type { OfflineQueueEntry } from '@shared/offline-queue.schema';
import type { SentPaste } from './use-queued-changes';

type Props = { entries: OfflineQueueEntry[]; onDiscard: (id: string) => void };

/** The queued writes: a badge with the count that opens the list; each entry can be discarded. */
export function QueuedChangesPanel({ entries, onDiscard }: Props) {
  const { t, i18n } = useTranslation();
  const failed = entries.filter((entry) => entry.status === 'failed').length;
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <details className="queued-changes">
      <summary className="queued-changes__summary">
        <span>{t('pwa.queue.title')}</span>
        <span className="queued-changes__badge">
          <span aria-hidden="true">{entries.length}</span>
          <span className="visually-hidden">{t('pwa.queue.count', { count: entries.length })}</span>
        </span>
        {failed > 0 && <span className="queued-changes__failed">{t('pwa.queue.failedCount', { count: failed })}</span>}
      </summary>
      <ul className="queued-changes__list">
        {entries.map((entry) => (
          <li key={entry.id} className="queued-changes__item" data-status={entry.status}>
            <div className="queued-changes__text">
              <span className="queued-changes__type">{t(`pwa.queue.types.${entry.type}`)}</span>
              <span className="queued-changes__meta">
                {time.format(entry.timestamp)} · {t(`pwa.queue.status.${entry.status}`)}
              </span>
              {/* The server's own words stay in the tooltip; the line is the product's. */}
              {entry.status === 'failed' && (
                <span className="queued-changes__error" title={entry.lastError ?? undefined}>
                  {t('pwa.queue.refused')}
                </span>
              )}
            </div>
            <button type="button" className="button" onClick={() => onDiscard(entry.id)}>
              {t('pwa.queue.discard')}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

type SentProps = { pastes: SentPaste[]; onDismiss: (id: string) => void };

/** Pastes the queue created once the connection returned: their links stay until dismissed. */
export function SentPastesList({ pastes, onDismiss }: SentProps) {
  const { t } = useTranslation();
  return (
    <section className="queued-changes" aria-label={t('pwa.queue.sentTitle')}>
      <ul className="queued-changes__list">
        {pastes.map((paste) => (
          <li key={paste.id} className="queued-changes__item">
            <span className="queued-changes__text">
              <span>{t('pwa.queue.sentPaste')}</span>
              <a href={paste.url} className="mono queued-changes__link">
                {paste.url}
              </a>
            </span>
            <button type="button" className="button" onClick={() => onDismiss(paste.id)}>
              {t('pwa.queue.dismiss')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
