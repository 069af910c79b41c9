// The connection notice: persistent while offline (a page that needs the network may not load),
// then a short "back online" confirmation (toast display time, 3 s) when the connection returns.
import { useEffect, useState } from 'react';

export const TOAST_DURATION_MS = 3_000;

export type ConnectionNotice = 'none' | 'offline' | 'reconnected';

export function useConnectionNotice(confirmMs: number = TOAST_DURATION_MS): ConnectionNotice {
  const [notice, setNotice] = useState<ConnectionNotice>(() => (navigator.onLine ? 'none' : 'offline'));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => {
      clearTimeout(timer);
      setNotice('offline');
    };
    const online = () => {
      clearTimeout(timer);
      setNotice((current) => (current === 'offline' ? 'reconnected' : current));
      timer = setTimeout(() => setNotice('none'), confirmMs);
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [confirmMs]);

  return notice;
}
