import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser downloads are not used (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1).
const executablePath = process.env.MOSTRADOR_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    locale: 'es-CO',
    viewport: { width: 1366, height: 800 },
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
