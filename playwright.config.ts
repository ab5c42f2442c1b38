import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4488);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/council-e2e-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Traces of failed tests; a folder per run keeps parallel runs of one checkout apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node ${process.env.BUILD_DIR || 'dist'}/main.mjs`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' },
  },
});
