import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallOffers } from '@ui/domain/app-install/install-prompt-capture';
import { pwaResources } from './pwa.locales';
import { ConnectionBanner } from './connection-banner';
import { PwaPrompts } from './pwa-prompts';
import { TOAST_DURATION_MS } from './use-connection-notice';
import { INSTALL_DISMISSED_KEY, INSTALL_SNOOZE_MS, installSnoozed } from './use-install-prompt';

function renderPrompts(lng: 'en' | 'zh' = 'en') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { en: { translation: pwaResources.en }, zh: { translation: pwaResources.zh } },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <ConnectionBanner />
      <PwaPrompts />
    </I18nextProvider>,
  );
}

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('PwaPrompts', () => {
  it('shows no update prompt outside production builds', () => {
    renderPrompts();
    expect(screen.getByRole('region', { name: 'App notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('says so for as long as the connection is down, then confirms its return for three seconds', () => {
    renderPrompts();
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    goOffline();
    expect(status).toHaveTextContent(/You are offline/);
    act(() => vi.advanceTimersByTime(10 * TOAST_DURATION_MS));
    expect(status).toHaveTextContent(/You are offline/);
    goOnline();
    expect(status).toHaveTextContent('Back online.');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(status).toBeEmptyDOMElement();
  });

  it('speaks Chinese too, and starts offline when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPrompts('zh');
    expect(screen.getByRole('status')).toHaveTextContent('您已离线');
    goOnline();
    expect(screen.getByRole('status')).toHaveTextContent('网络已恢复');
  });
});

describe('the install prompt', () => {
  function offerInstall() {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(event);
    });
    return event;
  }

  beforeAll(() => captureInstallOffers(window));
  beforeEach(() => window.localStorage.clear());

  it('shows when the browser offers installation, and installing asks the browser', () => {
    renderPrompts();
    expect(screen.queryByRole('group', { name: 'Install the app' })).not.toBeInTheDocument();
    const offer = offerInstall();
    expect(offer.defaultPrevented).toBe(true);
    act(() => screen.getByRole('button', { name: 'Install' }).click());
    expect(offer.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('group', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('stays hidden for 7 days after a dismissal, in both languages', () => {
    const first = renderPrompts('zh');
    offerInstall();
    expect(screen.getByRole('group', { name: '安装应用' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: '暂不' }).click());
    expect(screen.queryByRole('group', { name: '安装应用' })).not.toBeInTheDocument();
    first.unmount();

    const dismissedAt = Number(window.localStorage.getItem(INSTALL_DISMISSED_KEY));
    expect(installSnoozed(window.localStorage, dismissedAt + INSTALL_SNOOZE_MS - 1)).toBe(true);
    expect(installSnoozed(window.localStorage, dismissedAt + INSTALL_SNOOZE_MS)).toBe(false);
    renderPrompts();
    expect(screen.queryByRole('group', { name: 'Install the app' })).not.toBeInTheDocument();
  });
});
