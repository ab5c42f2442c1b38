import fs from 'node:fs';
import path from 'node:path';
import { hkdfSync, randomBytes } from 'node:crypto';
import { readConfig } from '../config';
import { processSingleton } from '../singleton';
import { currentCouncil, type Council } from '../council-context';

/** The installation's key: SESSION_SECRET, or one generated on first start and kept in DATA_DIR. */
export function installationSecret(): Uint8Array {
  return processSingleton('signing-secret', () => {
    const config = readConfig();
    if (config.sessionSecret) return new TextEncoder().encode(config.sessionSecret);
    const file = path.join(config.dataDir, 'session-secret');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      // 'wx' fails if another process wrote it first; then we read theirs.
      try {
        fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    return new Uint8Array(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'));
  });
}

const derive = (purpose: string) => new Uint8Array(hkdfSync('sha256', installationSecret(), Buffer.alloc(0), purpose, 32));

/**
 * The key that signs the current council's tokens and links (sessions, form tokens, signed file links). Each
 * council has its own, derived from the installation's key and the council's id and slug, so that nothing one
 * council signed is ever valid on another's host, whatever the two databases happen to hold. The first
 * council keeps the installation's key itself: its sessions and links from before several councils stay good.
 */
export function signingSecret(council: Council = currentCouncil()): Uint8Array {
  if (council.first) return installationSecret();
  const keys = processSingleton('council-signing-secrets', () => new Map<string, Uint8Array>());
  const purpose = `council ${council.id} ${council.slug}`;
  let key = keys.get(purpose);
  if (!key) keys.set(purpose, (key = derive(purpose)));
  return key;
}

/** The key of the state administrators' tokens: no council's key, so neither side's token opens the other. */
export function stateSigningSecret(): Uint8Array {
  return processSingleton('state-signing-secret', () => derive('state administrators'));
}
