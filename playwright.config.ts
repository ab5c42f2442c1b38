import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4488);
/**
 * Specs that read the public pages (and write at most a grievance or a feedback of their own) run first, their
 * tests spread over two workers one by one (a long file does not keep one worker busy while the other idles);
 * the back office specs, which change what every page shows (alerts, content states), run after them one at a
 * time, as they share the one server and its data.
 */
const PUBLIC_PAGE_SPECS = /(both-languages|hindi-pages|layout-widths|public-frame|public-data|gigw)\.spec\.ts$/;
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/council-e2e-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Traces of failed tests; a folder per run keeps parallel runs of one checkout apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'public-pages', testMatch: PUBLIC_PAGE_SPECS, fullyParallel: true },
    { name: 'back-office', testIgnore: PUBLIC_PAGE_SPECS, dependencies: ['public-pages'], workers: 1 },
  ],
  // One more try for a failed test: one that passes only then is listed as flaky, to be mended, and a busy
  // machine's stall does not fail a whole run.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's headless shell when there is one (scripts/test.mjs says why), else its chromium.
      executablePath: process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ${process.env.BUILD_DIR || 'dist'}/main.mjs`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // CASE_TEST_SERVICE: the case desk's tests show a second service (the stall permit) beside grievances.
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', TEST_FAST_PASSWORDS: '1', CASE_TEST_SERVICE: '1' },
  },
});
