import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';

/** Shared by the back office browser tests: accounts, sign-in, generated files, the server's database. */
export const ADMIN = DEMO_ACCOUNTS[0];
export const STAFF = DEMO_ACCOUNTS[1];

/** The data folder of the server playwright.config.ts starts for the back office specs. */
export function e2eDatabasePath(): string {
  // Only the back office specs run against that server (playwright.config.ts): a public page spec would read
  // another server's data and see nothing it did.
  const project = test.info().project.name;
  const suffix = ({ 'back-office': '-b', 'back-office-apart': '-c' } as Record<string, string>)[project];
  if (!suffix) throw new Error(`${test.info().file} opens a back office server's database, but runs as ${project}: it is not a public page spec`);
  const port = Number(process.env.E2E_PORT ?? 4488);
  return path.join(`${process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `council-e2e-${port}`)}${suffix}`, 'council.sqlite');
}

/**
 * Moves the idle end of every live session, as if time had passed on the server with no request; with
 * `absolute`, its absolute end too, which no request moves.
 */
export function setSessionExpiry(expiresAt: Date, { absolute = false } = {}): void {
  const file = new Database(e2eDatabasePath());
  try {
    const at = expiresAt.toISOString();
    if (absolute) file.prepare('UPDATE user_session SET expires_at = ?, absolute_expires_at = ?').run(at, at);
    else file.prepare('UPDATE user_session SET expires_at = ?').run(at);
  } finally {
    file.close();
  }
}

/** The latest idle end of the live sessions, as the server holds it. */
export function latestSessionExpiry(): Date {
  const file = new Database(e2eDatabasePath(), { readonly: true });
  try {
    return new Date((file.prepare('SELECT max(expires_at) AS at FROM user_session').get() as { at: string }).at);
  } finally {
    file.close();
  }
}

export async function signIn(page: Page, account: { email: string; password: string } = ADMIN, from = '/login'): Promise<void> {
  await page.goto(from);
  // Typing into the form while React takes it over could lose the keystrokes: wait until it has.
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens a session for `account` in the page's browser context through the sign-in API the form calls, without
 * loading the form or the landing page: for tests whose story starts signed in. A test about signing in
 * uses signIn().
 */
export async function openSession(page: Page, account: { email: string; password: string } = ADMIN): Promise<void> {
  const answer = await page.request.post('/api/Account/login', { data: { email: account.email, password: account.password } });
  expect(answer.status(), `signing in as ${account.email}`).toBe(200);
}

export async function jpegFile(colour: string, name = 'photo.jpg') {
  const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** The demo's 3-second WebM clip (a real, playable file). */
export function webmFile(name = 'clip.webm') {
  return { name, mimeType: 'video/webm', buffer: fs.readFileSync('db/seed/fixtures/council-clip.webm') };
}

export function pdfFile(label: string) {
  const text = `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return { name: `${label}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(text) };
}
