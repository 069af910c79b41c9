import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pwaResources } from './pwa.locales';
import { PwaPrompts } from './pwa-prompts';
import { TOAST_DURATION_MS } from './use-offline-notice';

function renderPrompts(lng: 'en' | 'zh' = 'en') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng,
    resources: { en: { translation: pwaResources.en }, zh: { translation: pwaResources.zh } },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
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

  it('warns for three seconds when the connection drops', () => {
    renderPrompts();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    goOffline();
    expect(screen.getByRole('alert')).toHaveTextContent(/You are offline/);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('hides the warning when dismissed or back online', () => {
    renderPrompts('zh');
    goOffline();
    act(() => screen.getByRole('button', { name: '关闭' }).click());
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    goOffline();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
