import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readConfig } from '../config';
import { processSingleton } from '../singleton';

/** The token signing key: SESSION_SECRET, or one generated on first start and kept in DATA_DIR. */
export function signingSecret(): Uint8Array {
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
