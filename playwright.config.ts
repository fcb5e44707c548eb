import { defineConfig } from '@playwright/test';
import { BASE_URL, E2E_PORT } from './e2e/env.ts';

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The long journeys take 20-45 s alone and more than 60 s on a machine busy with other work (seen at load 25 on two
  // cores); a test's bound is only reached when something is wrong, so it is generous.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Per port, so parallel runs do not clean each other's output; screenshots go to test-results/screens.
  outputDir: `test-results/run-${E2E_PORT}`,
  // The service worker answers the page's requests itself, and page.route() cannot see a request a service worker makes:
  // blocked here, so the tests that stub or watch the API see every request; e2e/installable.spec.ts allows it.
  use: { baseURL: BASE_URL, launchOptions: chromium, trace: 'off', screenshot: 'only-on-failure', serviceWorkers: 'block' },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
