import type { APIContext } from 'astro';
import type { Db } from '../../server/db';
import { installedModules } from '../modules';

/**
 * Who may read a private file (src/server/media.ts) is said by the record that holds it: a case's files by
 * the case kernel, a cheque's scan by payments. Each module declares a reader for what it holds, and
 * /media/ asks them all: a file is served when one of them says its reader may have it, and answered as if
 * it did not exist otherwise (a file no record holds any longer answers nobody).
 */
export type FileReaderContext = Pick<APIContext, 'request' | 'cookies' | 'locals' | 'url'>;

export interface PrivateFileReader {
  /** What holds the files, for the wiring check: 'case files', 'cheque scans'. */
  name: string;
  mayRead: (mediaId: number, context: FileReaderContext, database: Db) => Promise<boolean>;
}

/** Whether the request's reader may have this private file, by any module's reader. */
export async function mayReadPrivateFile(mediaId: number, context: FileReaderContext, database: Db): Promise<boolean> {
  for (const reader of installedModules().flatMap((m) => m.privateFileReaders ?? [])) {
    if (await reader.mayRead(mediaId, context, database)) return true;
  }
  return false;
}
