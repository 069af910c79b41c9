import { useTranslation } from 'react-i18next';
import type { StorageConfig } from '@shared/api/storage-config.schema';
import { Dialog } from '@ui/components/dialog';
import { ResourceStatus } from '@ui/components/resource-status';
import { useStorageTest } from './data/use-storage-configs';

const probes = ['read', 'write', 'cors', 'presigned'] as const;

/** Runs the storage test and lists read, write, CORS and presigned upload, each with its message. */
export function StorageTestDialog({ config, onClose }: { config: StorageConfig; onClose: () => void }) {
  const { t } = useTranslation();
  const result = useStorageTest(config.id);

  return (
    <Dialog title={t('storage.testDialog.title', { name: config.name })} onClose={onClose}>
      {result.state.status === 'loading' && (
        <p className="notice" role="status">
          {t('storage.testDialog.running')}
        </p>
      )}
      {result.state.status !== 'loading' && (
        <ResourceStatus state={result.state} onRetry={result.reload}>
          {(data) => (
            <>
              <p role="status" className={data.success ? 'notice' : 'form-error'}>
                {data.success ? t('storage.testDialog.passed') : t('storage.testDialog.failed')}
              </p>
              <ul className="probe-list">
                {probes.map((name) => {
                  const probe = data.results[name];
                  return (
                    <li key={name} className="probe-list__item" data-ok={probe.ok}>
                      <strong>{t(`storage.testDialog.probes.${name}`)}</strong>
                      <span className={probe.ok ? 'badge' : 'badge badge--fail'}>
                        {probe.ok ? t('storage.testDialog.ok') : t('storage.testDialog.fail')}
                      </span>
                      <span className="probe-list__ms">
                        {t('storage.testDialog.duration', { ms: Math.round(probe.ms) })}
                      </span>
                      <p className="probe-list__message">
                        {t(`storage.testDialog.outcomes.${probe.outcome}`, {
                          count: probe.params.count ?? 0,
                          status: probe.params.status ?? 0,
                          origin: probe.params.origin ?? '',
                          error: probe.params.error ?? '',
                        })}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </ResourceStatus>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose} data-autofocus>
          {t('storage.testDialog.close')}
        </button>
      </div>
    </Dialog>
  );
}
