import path from 'node:path';

/** Settings read from the environment once; everything the server can be told lives here. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionMinutes: number;
  sessionSecret: string | undefined;
  production: boolean;
  seed: 'demo' | 'none';
  siteUrl: string | undefined;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

export function readConfig(): ServerConfig {
  return {
    host: process.env.HOST || '127.0.0.1',
    port: positiveInt('PORT', 4321),
    dataDir: path.resolve(process.env.DATA_DIR || 'data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    sessionMinutes: positiveInt('SESSION_MINUTES', 5),
    sessionSecret: process.env.SESSION_SECRET || undefined,
    production: process.env.NODE_ENV === 'production',
    seed: process.env.SEED === 'none' ? 'none' : 'demo',
    siteUrl: process.env.SITE_URL || undefined,
  };
}
