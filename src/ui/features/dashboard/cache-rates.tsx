import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cacheNames, type CacheName } from '@shared/api/cache.schema';
import type { DashboardStats } from '@shared/api/dashboard.schema';
import { apiErrorMessage } from '@ui/lib/api-error-message';
import { toErrorInit } from '@ui/lib/to-error-init';
import { useClearCaches } from './data/use-dashboard';
import { formatPercent } from './format-percent';
import { UsageBar } from './usage-bar';

type Status = { kind: 'idle' } | { kind: 'clearing' } | { kind: 'done'; text: string; failed: boolean };

/** Hit rates of the directory, storage-URL and search caches, and a button that empties them. */
export function CacheRates({ cache, onCleared }: { cache: DashboardStats['cache']; onCleared: () => void }) {
  const { t, i18n } = useTranslation();
  const clearCaches = useClearCaches();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const name = (cacheName: CacheName) => t(`dashboard.cache.${cacheName}`);

  const clear = async () => {
    setStatus({ kind: 'clearing' });
    try {
      const { cleared } = await clearCaches();
      setStatus({ kind: 'done', text: t('dashboard.cache.cleared', { count: cleared }), failed: false });
      onCleared();
    } catch (error) {
      setStatus({ kind: 'done', text: apiErrorMessage(t, toErrorInit(error)), failed: true });
    }
  };

  return (
    <section className="dash-card" aria-labelledby="dash-cache">
      <h2 id="dash-cache" className="dash-card__title">
        {t('dashboard.cache.title')}
      </h2>
      <ul className="usage-list">
        {cacheNames.map((cacheName) => {
          const rate = formatPercent(cache[cacheName], i18n.language);
          return (
            <li key={cacheName} className="usage-list__item">
              <div className="usage-list__head">
                <span className="usage-list__name">{name(cacheName)}</span>
                <span className="usage-list__meta">{rate}</span>
              </div>
              <UsageBar
                ratio={cache[cacheName]}
                label={t('dashboard.cache.rateLabel', { name: name(cacheName) })}
                valueText={rate}
              />
            </li>
          );
        })}
      </ul>
      <div className="dash-card__footer">
        <button type="button" className="button" onClick={() => void clear()} disabled={status.kind === 'clearing'}>
          {status.kind === 'clearing' ? t('dashboard.cache.clearing') : t('dashboard.cache.clear')}
        </button>
        <span role="status" className={status.kind === 'done' && status.failed ? 'field__error' : 'usage-list__meta'}>
          {status.kind === 'done' ? status.text : ''}
        </span>
      </div>
    </section>
  );
}
