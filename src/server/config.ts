import path from 'node:path';
import { councilInContext } from './council-context';

/** Settings read from the environment once; everything the server can be told lives here. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** SESSION_MINUTES: a sign-in ends after this many minutes without a request (an idle limit). */
  sessionMinutes: number;
  /** SESSION_MAX_HOURS: and after this many hours whatever its activity, so that a sign-in lasts a working day. */
  sessionMaxHours: number;
  sessionSecret: string | undefined;
  production: boolean;
  seed: 'demo' | 'none';
  /** The site's public address (https://council.example): absolute links name it. */
  siteUrl: string | undefined;
  /** Largest accepted upload per file, in megabytes: pictures and PDF documents. */
  maxImageMb: number;
  maxDocumentMb: number;
  /** Largest accepted video file (MP4 or WebM), in megabytes: MAX_VIDEO_MB. */
  maxVideoMb: number;
  /** How many reverse proxies in front of us append to X-Forwarded-For / -Proto (0: trust neither header). */
  trustedProxyHops: number;
  /** SERVER_PROCESSES: how many Node processes answer requests on the one port (src/server/cluster.ts). */
  processes: number;
  /** WARM_START: whether each serving process renders its first pages as it starts (src/server/warm-start.ts). */
  warmStart: boolean;
  /** UPLOAD_IDLE_SECONDS: how long a request body may stall, no byte arriving, before its connection is closed. */
  uploadIdleSeconds: number;
  /**
   * STATE_HOST: the host name of the state's console (lower case, no port). Set, the installation is a
   * platform of several councils, each on its own host names; unset, one council answers on every host.
   */
  stateHost: string | undefined;
  /** PAGE_CACHE_MB: the memory every council's cached pages share (page-cache.ts). */
  pageCacheMb: number;
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

/** The signing key must be hard to guess: at least 32 bytes, as a generated one is. */
export const MIN_SECRET_BYTES = 32;

function sessionSecret(): string | undefined {
  const raw = process.env.SESSION_SECRET;
  if (!raw) return undefined;
  if (Buffer.byteLength(raw, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_BYTES} bytes long (for example: openssl rand -base64 48)`);
  }
  return raw;
}

/** TRUST_PROXY: off, or the number of proxies in front of us (`true`/`yes` mean one, as before). */
function trustedProxyHops(): number {
  const raw = (process.env.TRUST_PROXY ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return 0;
  if (raw === 'true' || raw === 'yes') return 1;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 1 || hops > 10) throw new Error(`TRUST_PROXY must be off or the number of proxies in front of the server (1 to 10), got "${raw}"`);
  return hops;
}

/** More processes than a machine has cores only queue for the same cores; 64 is far beyond any council's. */
const MAX_PROCESSES = 64;

function serverProcesses(): number {
  const processes = positiveInt('SERVER_PROCESSES', 1);
  if (processes > MAX_PROCESSES) throw new Error(`SERVER_PROCESSES must be between 1 and ${MAX_PROCESSES}, got "${process.env.SERVER_PROCESSES}"`);
  return processes;
}

/**
 * WARM_START=1 or 0; otherwise on, except in tests (NODE_ENV=test), which start many servers and measure their
 * first requests.
 */
function warmStart(): boolean {
  const asked = process.env.WARM_START;
  if (asked === '1' || asked === '0') return asked === '1';
  return process.env.NODE_ENV !== 'test';
}

function siteUrl(): string | undefined {
  const raw = process.env.SITE_URL;
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be the site's address, such as https://council.example, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('SITE_URL must start with https:// or http://');
  return url.origin;
}

/**
 * SEED: `demo` or `none`. Unset, the demo outside production and nothing in it: a production start fills a
 * database with invented people only when asked by name.
 */
function seed(): 'demo' | 'none' {
  const raw = (process.env.SEED ?? '').trim();
  if (raw === '') return process.env.NODE_ENV === 'production' ? 'none' : 'demo';
  if (raw !== 'demo' && raw !== 'none') throw new Error(`SEED must be demo or none, got "${raw}"`);
  return raw;
}

/** STATE_HOST as a bare host name: `state.example.gov.in`, never a URL or a port. */
function stateHost(): string | undefined {
  const raw = (process.env.STATE_HOST ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (raw === '') return undefined;
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/.test(raw)) {
    throw new Error(`STATE_HOST must be a host name such as state.example.gov.in (no scheme, no port), got "${process.env.STATE_HOST}"`);
  }
  return raw;
}

export function readConfig(): ServerConfig {
  return {
    host: process.env.HOST || '127.0.0.1',
    port: positiveInt('PORT', 4321),
    dataDir: path.resolve(process.env.DATA_DIR || 'data'),
    databaseUrl: databaseUrl(),
    sessionMinutes: positiveInt('SESSION_MINUTES', 5),
    sessionMaxHours: positiveInt('SESSION_MAX_HOURS', 12),
    sessionSecret: sessionSecret(),
    production: process.env.NODE_ENV === 'production',
    seed: seed(),
    siteUrl: siteUrl(),
    maxImageMb: positiveInt('MAX_IMAGE_MB', 10),
    maxDocumentMb: positiveInt('MAX_DOCUMENT_MB', 20),
    maxVideoMb: positiveInt('MAX_VIDEO_MB', 50),
    trustedProxyHops: trustedProxyHops(),
    processes: serverProcesses(),
    warmStart: warmStart(),
    uploadIdleSeconds: positiveInt('UPLOAD_IDLE_SECONDS', 30),
    stateHost: stateHost(),
    pageCacheMb: positiveInt('PAGE_CACHE_MB', 64),
  };
}

/** Who takes online payments (PAYMENT_GATEWAY; docs/deploy.md, "Online payments"). */
export type PaymentGatewayName = 'razorpay' | 'paygov' | 'simulator' | 'off';

/** The settings each gateway cannot take a payment without. */
const GATEWAY_NEEDS: Readonly<Record<PaymentGatewayName, readonly string[]>> = {
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'],
  paygov: ['PAYGOV_MERCHANT_ID', 'PAYGOV_SERVICE_ID', 'PAYGOV_SECRET_KEY', 'PAYGOV_USER', 'PAYGOV_PASSWORD', 'PAYGOV_GATEWAY_URL', 'PAYGOV_STATUS_URL'],
  simulator: [],
  off: [],
};

export interface PaymentSettings {
  gateway: PaymentGatewayName;
  /** PAYMENT_TIMEOUT_MS: how long one call to the gateway may take. */
  timeoutMs: number;
}

/**
 * The gateway and its timeout, checked as the server starts (src/server/main.ts): a gateway that cannot take
 * money, or one that takes none in production, stops the start with the reason instead of failing each payer
 * with a 500. Kept apart from readConfig so that a command-line task (a backup, a new account) never depends
 * on the payment settings.
 */
export function readPaymentSettings(production = process.env.NODE_ENV === 'production'): PaymentSettings {
  const timeoutMs = positiveInt('PAYMENT_TIMEOUT_MS', 10_000);
  const asked = (process.env.PAYMENT_GATEWAY ?? '').trim().toLowerCase();
  if (asked === '') return { gateway: production ? 'off' : 'simulator', timeoutMs };
  if (!Object.hasOwn(GATEWAY_NEEDS, asked)) throw new Error(`PAYMENT_GATEWAY must be razorpay, paygov, simulator or off, got "${asked}"`);
  const gateway = asked as PaymentGatewayName;
  if (gateway === 'simulator' && production) {
    throw new Error('PAYMENT_GATEWAY=simulator is refused in production: the built-in simulator takes no real money. Set razorpay, paygov or off (docs/deploy.md, "Online payments")');
  }
  const missing = GATEWAY_NEEDS[gateway].filter((name) => !process.env[name]);
  if (missing.length > 0) throw new Error(`PAYMENT_GATEWAY=${gateway} needs ${missing.join(', ')} (docs/deploy.md, "Online payments")`);
  return { gateway, timeoutMs };
}

/**
 * The origin absolute links name: SITE_URL, else the address the server listens on (never a client's Host
 * header, which a cached page would repeat to everyone). A council other than the installation's first names
 * its own first host name instead, with SITE_URL's scheme and port: its sitemap and feeds lead to its site.
 */
export function siteOrigin(config: ServerConfig = readConfig()): string {
  const origin = config.siteUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const council = councilInContext();
  if (!council || council.first || council.hosts.length === 0) return origin;
  const url = new URL(origin);
  url.hostname = council.hosts[0];
  return url.origin;
}
