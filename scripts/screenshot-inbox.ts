/**
 * Takes the README's picture of the staff inbox at 1280 px (docs/screenshots/inbox-1280.png) from the built
 * server with its demo data: `npm run build && npm run screenshot:inbox`. Not part of `npm test`, which must
 * change no tracked file.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../src/server/bootstrap';

const OUT = 'docs/screenshots/inbox-1280.png';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-screenshot-'));
const server = spawn(process.execPath, [`${process.env.BUILD_DIR || 'dist'}/main.mjs`], {
  env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Serving on') && resolve());
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const base = `http://127.0.0.1:${port}`;
    const desk = DEMO_ACCOUNTS[1];
    await page.goto(`${base}/login`);
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.getByLabel('Email').fill(desk.email);
    await page.getByLabel('Password').fill(desk.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${base}/cases`);
    await page.screenshot({ path: OUT });
    console.log(`Wrote ${OUT}`);
  } finally {
    await browser.close();
  }
} finally {
  const stopped = new Promise((resolve) => server.once('exit', resolve));
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await stopped;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
