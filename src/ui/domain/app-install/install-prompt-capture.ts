// The browser offers installation once, early (beforeinstallprompt), often before the lazily
// loaded install prompt exists: the offer is kept here from the start, so it can be shown later.
export type InstallOffer = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();

function isInstallOffer(event: Event): event is InstallOffer {
  return 'prompt' in event && typeof event.prompt === 'function';
}

export function captureInstallOffers(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallOffer(event)) return;
    // The app shows its own prompt instead of the browser's mini-infobar.
    event.preventDefault();
    offer = event;
    for (const listener of listeners) listener();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    for (const listener of listeners) listener();
  });
}

export function currentInstallOffer(): InstallOffer | null {
  return offer;
}

/** Once used, an offer cannot be prompted again. */
export function spendInstallOffer(): void {
  offer = null;
  for (const listener of listeners) listener();
}

export function watchInstallOffer(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
