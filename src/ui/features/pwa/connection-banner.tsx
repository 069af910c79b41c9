import { useTranslation } from 'react-i18next';
import { QueuedChangesPanel, SentPastesList } from './queued-changes-panel';
import { useConnectionNotice } from './use-connection-notice';
import { useQueuedChanges } from './use-queued-changes';
import './pwa.css';

/**
 * A slim line under the header, in the page flow so it never covers a field: while the connection
 * is down, as it returns, when the queued changes were sent; and the queue itself while it is not empty.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const notice = useConnectionNotice();
  const { entries, discard, lastReplay, sentPastes, dismissSent } = useQueuedChanges();
  const synced = lastReplay !== null && lastReplay.synced > 0 && notice !== 'offline';
  return (
    <>
      <div role="status" aria-live="polite" className="connection-banner-slot">
        {notice === 'offline' && (
          <p className="connection-banner connection-banner--offline">{t('pwa.offline.message')}</p>
        )}
        {notice === 'reconnected' && !synced && (
          <p className="connection-banner connection-banner--online">{t('pwa.offline.back')}</p>
        )}
        {synced && (
          <p className="connection-banner connection-banner--online">
            {t('pwa.queue.synced', { count: lastReplay.synced })}
          </p>
        )}
      </div>
      {entries.length > 0 && <QueuedChangesPanel entries={entries} onDiscard={discard} />}
      {sentPastes.length > 0 && <SentPastesList pastes={sentPastes} onDismiss={dismissSent} />}
    </>
  );
}
