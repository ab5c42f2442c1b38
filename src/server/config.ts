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
  /** Largest accepted upload per file, in megabytes: pictures and PDF documents. */
  maxImageMb: number;
  maxDocumentMb: number;
  /** Behind a reverse proxy: take the client's address and scheme from X-Forwarded-For / -Proto. */
  trustProxy: boolean;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** PostgreSQL's address, when set. Anything else there (a file path, another engine) is a mistake best reported at start. */
function databaseUrl(): string | undefined {
  const raw = process.env.DATABASE_URL;
  if (!raw) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new Error('DATABASE_URL must be a PostgreSQL address: postgres://user:password@host:5432/database');
  return raw;
}

export function readConfig(): ServerConfig {
  return {
    host: process.env.HOST || '127.0.0.1',
    port: positiveInt('PORT', 4321),
    dataDir: path.resolve(process.env.DATA_DIR || 'data'),
    databaseUrl: databaseUrl(),
    sessionMinutes: positiveInt('SESSION_MINUTES', 5),
    sessionSecret: process.env.SESSION_SECRET || undefined,
    production: process.env.NODE_ENV === 'production',
    seed: process.env.SEED === 'none' ? 'none' : 'demo',
    siteUrl: process.env.SITE_URL || undefined,
    maxImageMb: positiveInt('MAX_IMAGE_MB', 10),
    maxDocumentMb: positiveInt('MAX_DOCUMENT_MB', 20),
    trustProxy: ['1', 'true', 'yes'].includes((process.env.TRUST_PROXY ?? '').toLowerCase()),
  };
}
