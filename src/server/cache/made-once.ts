import { createHash } from 'node:crypto';
import { oneAtATime } from '../one-at-a-time';

/**
 * Files that cost much to make and change only when what they show changes (a licence's certificate: a few
 * hundred milliseconds of CPU and tens of megabytes while its PDF is drawn). Each is made once for each
 * version of what it shows and kept in memory, the least recently used dropped past the store's budget. The
 * version is a digest of what the file shows, so a change of any of it (or of the clock's verdict on it)
 * makes it anew, and nothing else does. Making goes through one lane per store: a crowd asking for many at
 * once costs one drawing's memory at a time, and visitors asking for the same one while it is made wait for
 * that making instead of starting their own.
 */
export interface MadeFile {
  bytes: Buffer;
  /** Quoted, for an ETag: the version the bytes were made from. */
  etag: string;
  /** Served from the store (true) or made for this request. */
  stored: boolean;
}

interface Kept {
  version: string;
  bytes: Buffer;
}

export interface MadeOnceStore {
  /** The file `key` as `shows` describes it: from the store when made from the same, else made by `make` and kept. */
  get(key: string, shows: unknown, make: () => Promise<Buffer>): Promise<MadeFile>;
  /** The version `shows` stands for, quoted as an ETag, without making anything. */
  etagOf(shows: unknown): string;
}

export function madeOnceStore(maxBytes: number): MadeOnceStore {
  const kept = new Map<string, Kept>();
  const making = new Map<string, { version: string; done: Promise<Buffer> }>();
  const lane = oneAtATime();
  let bytes = 0;

  const versionOf = (shows: unknown) => createHash('sha256').update(JSON.stringify(shows)).digest('base64url');
  const drop = (key: string) => {
    const old = kept.get(key);
    if (!old) return;
    kept.delete(key);
    bytes -= old.bytes.length;
  };
  const keep = (key: string, version: string, made: Buffer) => {
    drop(key);
    if (made.length > maxBytes) return;
    // A Map iterates in insertion order, and a file served is put back at the end: the first is the least recently used.
    for (const [oldest] of kept) {
      if (bytes + made.length <= maxBytes) break;
      drop(oldest);
    }
    kept.set(key, { version, bytes: made });
    bytes += made.length;
  };

  return {
    etagOf: (shows) => `"${versionOf(shows)}"`,
    async get(key, shows, make) {
      const version = versionOf(shows);
      const etag = `"${version}"`;
      const found = kept.get(key);
      if (found?.version === version) {
        kept.delete(key);
        kept.set(key, found);
        return { bytes: found.bytes, etag, stored: true };
      }
      const underway = making.get(key);
      if (underway?.version === version) return { bytes: await underway.done, etag, stored: false };
      const done = lane(make);
      making.set(key, { version, done });
      try {
        const made = await done;
        keep(key, version, made);
        return { bytes: made, etag, stored: false };
      } finally {
        if (making.get(key)?.done === done) making.delete(key);
      }
    },
  };
}
