import type { LaunchOptions } from '@playwright/test';

/** Ports are overridable so two runs on one machine don't collide. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);
export const E2E_OFFLINE_PORT = E2E_PORT - 1;
/** The server's data folder; per port, so two runs in one checkout keep apart. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;
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
