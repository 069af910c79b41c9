// The install prompt: shown when the browser offers installation and the app is not
// installed; a dismissal hides it for 7 days, remembered in this browser.
import { useCallback, useEffect, useState } from 'react';
import {
  currentInstallOffer,
  spendInstallOffer,
  watchInstallOffer,
} from '@ui/domain/app-install/install-prompt-capture';

export const INSTALL_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;
export const INSTALL_DISMISSED_KEY = 'install_prompt_dismissed_at';

export function installSnoozed(storage: Pick<Storage, 'getItem'>, now: number): boolean {
  const dismissedAt = Number(storage.getItem(INSTALL_DISMISSED_KEY) ?? Number.NaN);
  return Number.isFinite(dismissedAt) && now - dismissedAt < INSTALL_SNOOZE_MS;
}

const installed = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

export type InstallPrompt = { visible: boolean; install: () => void; dismiss: () => void };

export function useInstallPrompt(storage: Storage = window.localStorage, now: () => number = Date.now): InstallPrompt {
  const [offer, setOffer] = useState(currentInstallOffer);
  const [snoozed, setSnoozed] = useState(() => installSnoozed(storage, now()));
  useEffect(() => watchInstallOffer(() => setOffer(currentInstallOffer())), []);

  const install = useCallback(() => {
    if (offer === null) return;
    spendInstallOffer();
    void offer.prompt().catch(() => undefined);
  }, [offer]);
  const dismiss = useCallback(() => {
    storage.setItem(INSTALL_DISMISSED_KEY, String(now()));
    setSnoozed(true);
  }, [storage, now]);

  return { visible: offer !== null && !snoozed && !installed(), install, dismiss };
}
