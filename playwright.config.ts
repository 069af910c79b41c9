import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, E2E_ADMIN, E2E_DATA_DIR, E2E_PORT } from './tests/e2e/support/env';

const baseURL = `http://localhost:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 60_000,
  // Assertions wait on conditions; a machine busy with other jobs may take a while to paint.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The same build and command as `npm start` (run `npm run build` first).
    command: `rm -rf ${E2E_DATA_DIR} && npm run --silent serve`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The URL upload tests' fixture server listens on 127.0.0.2 (tests/support/url-fixture.ts);
      // the app itself on localhost stays refused.
      URL_FETCH_ALLOW: '127.0.0.2',
    },
  },
});
