import type { LaunchOptions } from '@playwright/test';

export const E2E_PORT = 8799;
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-password-1' } as const;

/** Debian's Chromium with the flags that keep it off the closed network. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};
