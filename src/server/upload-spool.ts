import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { readConfig } from './config';

/**
 * Where the files of a form being read are written while it arrives (streamed-form.ts): a folder of this
 * process's own under DATA_DIR/uploading. A form's folder is deleted once the form is handled, but a process
 * killed meanwhile (kill -9, a crash, the machine losing power) leaves it behind; each serving process, as it
 * starts, deletes the folders of processes that are no longer running. The folder is named by the process id,
 * which is how a process still running is told from one that is gone, without any of them having to say so.
 */
const SPOOL_FOLDER = 'uploading';

export function spoolRoot(dataDir = readConfig().dataDir): string {
  return path.join(dataDir, SPOOL_FOLDER);
}

let ready: Promise<string> | undefined;

/** This process's spool folder, made the first time a form needs it. */
export function processSpool(): Promise<string> {
  ready ??= (async () => {
    const folder = path.join(spoolRoot(), String(process.pid));
    await mkdir(folder, { recursive: true });
    return folder;
  })();
  return ready;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Deletes what processes no longer running left in the spool; called as a process starts, before it serves. Answers how many folders went. */
export async function sweepLeftoverSpools(dataDir = readConfig().dataDir): Promise<number> {
  const root = spoolRoot(dataDir);
  const entries = await readdir(root).catch(() => [] as string[]);
  let swept = 0;
  for (const name of entries) {
    const pid = /^\d+$/.test(name) ? Number(name) : null;
    // A folder under this process's own id was left by an earlier process that had it (a container's server
    // gets the same id at every start): this one has sent nothing there yet.
    if (pid !== null && pid !== process.pid && running(pid)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    swept++;
  }
  return swept;
}
