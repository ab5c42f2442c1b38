import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4488);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `council-e2e-${port}`);
/** The back office server: every spec that signs in and changes what pages show. */
const portB = Number(process.env.E2E_SECOND_PORT ?? port + 1);
const dataDirB = `${dataDir}-b`;
/** A second back office server, for the specs of BACK_OFFICE_APART: the back office chain on one server was the run's longest part. */
const portC = Number(process.env.E2E_THIRD_PORT ?? port + 2);
const dataDirC = `${dataDir}-c`;

/**
 * Two groups, each on a server of its own, so that neither waits for the other:
 * - the public page specs, which read the pages (and write at most a grievance or a feedback of their own),
 *   their tests spread over the workers one by one, on the first server;
 * - the back office specs, which change what every page shows (content made and deleted, sessions made to
 *   expire, a draft's autosave, a citizen's sign-in code, some looked into in the server's database behind its
 *   back: tests/e2e/admin-support.ts), one at a time from the start on the second server.
 * Each group alone keeps one worker busy for about as long as the other; the public page specs take the
 * second worker too whenever the back office chain leaves it free.
 */
const PUBLIC_PAGE_SPECS = /(both-languages|hindi-pages|layout-widths|public-frame|public-data|gigw|citizen-forms)\.spec\.ts$/;
/**
 * Back office specs that run one at a time on a server of their own, beside the other back office chain
 * (content made and deleted on every admin screen, sessions made to expire): about a quarter of the back
 * office's time, which the one chain otherwise held the run to.
 */
const BACK_OFFICE_APART = /(admin-content|admin-session)\.spec\.ts$/;

/** Debian's headless shell when there is one (scripts/test.mjs says why), else its chromium. */
const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p));

function server(portNumber: number, folder: string) {
  return {
    // From the run's prepared first start when npm test made one (scripts/test.mjs), else a first start of its own.
    command: `rm -rf ${folder} && ${process.env.E2E_TEMPLATE_DIR ? `cp -r ${process.env.E2E_TEMPLATE_DIR} ${folder} && ` : ''}node ${process.env.BUILD_DIR || 'dist'}/main.mjs`,
    url: `http://127.0.0.1:${portNumber}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    // CASE_TEST_SERVICE: the case desk's tests show a second service (the stall permit) beside grievances.
    env: { PORT: String(portNumber), HOST: '127.0.0.1', DATA_DIR: folder, NODE_ENV: 'test', TEST_FAST_PASSWORDS: '1', CASE_TEST_SERVICE: '1' },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Traces of retried tests; a folder per run keeps parallel runs of one checkout apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two browsers at a time on two cores: a third made every test on the machine slower, the API tests'
  // included, and the run longer.
  workers: 2,
  // Listed first so that its files are first in the queue: Playwright hands a free worker the first file whose
  // project is under its worker limit, so the back office chain starts at once on one worker while the public
  // page specs take the other, instead of waiting behind all of them and then running alone.
  projects: [
    { name: 'back-office', testIgnore: [PUBLIC_PAGE_SPECS, BACK_OFFICE_APART], workers: 1, use: { baseURL: `http://127.0.0.1:${portB}` } },
    { name: 'back-office-apart', testMatch: BACK_OFFICE_APART, workers: 1, use: { baseURL: `http://127.0.0.1:${portC}` } },
    { name: 'public-pages', testMatch: PUBLIC_PAGE_SPECS, fullyParallel: true, workers: 2 },
  ],
  // One more try for a failed test: one that passes only then is listed as flaky, to be mended, and a busy
  // machine's stall does not fail a whole run.
  retries: 1,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace only for a failed test's second try: recording one for every test (DOM snapshots before and after
    // each action, written to disk) cost two fifths of the page sweep's CPU, browser and test worker together.
    trace: 'on-first-retry',
    // Pages are opened as by a visitor who asked for reduced motion: the news strip and the home page's slider
    // stand still. A moving strip keeps the browser drawing frames for as long as a page is open, 80 to 200 ms
    // of CPU a second without a GPU, which on two cores slowed every other test; the tests of the motion itself
    // ask for it (`page.emulateMedia({ reducedMotion: 'no-preference' })`).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: [server(port, dataDir), server(portB, dataDirB), server(portC, dataDirC)],
});
