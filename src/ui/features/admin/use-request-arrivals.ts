// The count behind the "File requests" badge: uploads that arrived since their owner last opened
// them, asked when the panel opens, every half minute while the tab is in view, when the window
// regains focus and when the file-request module says it cleared some.
import { useEffect, useState } from 'react';
import { fileRequestArrivals } from '@shared/api/file-request-arrivals.endpoints';
import { useApiClient } from '@ui/domain/services/api-client-provider';
import { onArrivalsChanged } from '@ui/domain/file-requests/request-arrivals-signal';

const everyMs = 30_000;

export function useRequestArrivals(enabled: boolean): number {
  const api = useApiClient();
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const load = () => {
      if (document.visibilityState === 'hidden') return;
      api.call(fileRequestArrivals, { signal: controller.signal }).then(
        (arrivals) => {
          if (!controller.signal.aborted) setCount(arrivals.new_uploads);
        },
        // A failed look leaves the last count; the next one tries again.
        () => undefined,
      );
    };
    load();
    const timer = setInterval(load, everyMs);
    const off = onArrivalsChanged(load);
    window.addEventListener('focus', load);
    return () => {
      controller.abort();
      clearInterval(timer);
      off();
      window.removeEventListener('focus', load);
    };
  }, [api, enabled]);
  return enabled ? count : 0;
}
