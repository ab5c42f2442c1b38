import { processSingleton } from '../../server/singleton';
import { checkWardBoundariesInSlices, type WardShape } from './ward-geometry';

/**
 * Boundary files are checked one at a time in each server process, in slices (check-steps.ts), so that a
 * burst of uploads neither multiplies the work nor holds up other visitors. The same file against the same
 * wards while its check is under way shares that check (a double submit, a client's retry, a burst of
 * identical calls: one check). A few different files wait their turn; beyond that the upload is refused
 * (CheckQueueFull) and should be sent again in a moment.
 */

/** Files being checked or waiting, in one process: one checked, the rest in line. */
export const MOST_FILES_IN_LINE = 3;

export class CheckQueueFull extends Error {
  constructor() {
    super('boundary check queue full');
  }
}

interface QueueState {
  /** Settles when the last queued check has ended. */
  tail: Promise<unknown>;
  inLine: number;
  byFile: Map<string, Promise<WardShape[]>>;
}

const state = () => processSingleton<QueueState>('ward-boundary-checks', () => ({ tail: Promise.resolve(), inLine: 0, byFile: new Map() }));

/** How many files this process is checking or holding in line: the admin's page says when one is. */
export const filesInLine = (): number => state().inLine;

/**
 * The file's check, shared with a check of the same file already under way. `parse` runs only when the file
 * is not already being checked: parsing 2 MB again for each of a burst of identical calls is work for nothing.
 */
export function checkInTurn(fileKey: string, knownWards: readonly string[], parse: () => unknown): Promise<WardShape[]> {
  const s = state();
  const key = `${fileKey}|${knownWards.join(',')}`;
  const underway = s.byFile.get(key);
  if (underway) return underway;
  if (s.inLine >= MOST_FILES_IN_LINE) return Promise.reject(new CheckQueueFull());
  const geojson = parse();
  s.inLine++;
  const check = s.tail.then(() => checkWardBoundariesInSlices(geojson, knownWards));
  const settled = check.then(
    () => undefined,
    () => undefined,
  );
  s.tail = settled;
  s.byFile.set(key, check);
  void settled.then(() => {
    s.inLine--;
    s.byFile.delete(key);
  });
  return check;
}
