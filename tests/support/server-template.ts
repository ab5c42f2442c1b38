import fs from 'node:fs';
import path from 'node:path';
import { SQLITE_FILE_NAME } from '../../src/server/db';
import { createDatabaseFromTemplate } from './database';

/**
 * A data folder (and, on PostgreSQL, a database) as a demo server leaves it after its first start: migrated,
 * demo accounts and demo content in place. Made once per test run by tests/support/global-setup.ts; each
 * later test server that would only repeat that first start begins from a copy instead, which saves the
 * seconds of password hashing and picture drawing a first start costs.
 */
export interface ServerTemplate {
  dataDir: string;
  databaseUrl?: string;
}

/** Where global-setup leaves the template for the test files (inherited by vitest's workers). */
const TEMPLATE_VARIABLE = 'TEST_SERVER_TEMPLATE';

/** Settings that change what a first start writes; a server given any of them starts for real. */
const FIRST_START_SETTINGS = ['SEED', 'NODE_ENV', 'DATABASE_URL', 'DATA_DIR', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'USER_EMAIL', 'USER_PASSWORD'];

export function publishTemplate(template: ServerTemplate): void {
  process.env[TEMPLATE_VARIABLE] = JSON.stringify(template);
}

/** The template this run has already made, if any. */
export function publishedTemplate(): ServerTemplate | undefined {
  const published = process.env[TEMPLATE_VARIABLE];
  return published ? (JSON.parse(published) as ServerTemplate) : undefined;
}

/**
 * The template a server with these settings may start from: none outside a test run, none for settings that
 * change the first start, and none for a data folder that does not exist yet or already holds a database.
 */
export function templateFor(env: Record<string, string>, dataDir: string, knownDatabase: boolean): ServerTemplate | undefined {
  const published = publishedTemplate();
  if (!published) return undefined;
  if (FIRST_START_SETTINGS.some((name) => name in env)) return undefined;
  if (knownDatabase || !fs.existsSync(dataDir) || fs.existsSync(path.join(dataDir, SQLITE_FILE_NAME))) return undefined;
  return published;
}

/** Fills dataDir from the template; answers the PostgreSQL database made for it, if the template has one. */
export async function copyTemplate(template: ServerTemplate, dataDir: string): Promise<string | undefined> {
  for (const name of fs.readdirSync(template.dataDir)) fs.copyFileSync(path.join(template.dataDir, name), path.join(dataDir, name));
  return template.databaseUrl ? createDatabaseFromTemplate(template.databaseUrl) : undefined;
}
