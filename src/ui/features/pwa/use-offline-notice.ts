// Spec §4/§9: going offline shows a warning toast for 3 s; coming back online hides it at once.
import { useCallback, useEffect, useState } from 'react';

export const TOAST_DURATION_MS = 3_000;

export function useOfflineNotice(durationMs: number = TOAST_DURATION_MS): { visible: boolean; dismiss: () => void } {
  const [visible, setVisible] = useState(false);
  const dismiss = useCallback(() => setVisible(false), []);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      clearTimeout(timer);
      setVisible(true);
      timer = setTimeout(() => setVisible(false), durationMs);
    };
    const hide = () => {
      clearTimeout(timer);
      setVisible(false);
    };
    window.addEventListener('offline', show);
    window.addEventListener('online', hide);
    if (!navigator.onLine) show();
    return () => {
      clearTimeout(timer);
      window.removeEventListener('offline', show);
      window.removeEventListener('online', hide);
    };
  }, [durationMs]);

  return { visible, dismiss };
}
