import type { ContentTypeDef } from '../../lib/content-type';
import { PUBLISHED_WITHOUT_ROW } from '../../lib/lifecycle';
import { readStates } from './state-store';

/** Up to this many rows, their states are asked for by id (a list of bound values well within every engine's limit). */
const STATES_BY_ID = 500;

/**
 * Adds to admin API rows where each record stands: `state` and `lifecycle` (moments, last comment, who
 * changed it). Only added: every field old clients read keeps its name and meaning.
 */
export async function withLifecycle<T extends Record<string, unknown>>(def: ContentTypeDef, rows: T[]): Promise<(T & { state: string; lifecycle: unknown })[]> {
  // A page of rows asks for its own records' states; a long list reads the type's whole table at once.
  const ids = rows.map((row) => Number(row.id));
  const states = rows.length === 0 ? new Map() : await readStates(def.path, undefined, ids.length <= STATES_BY_ID ? ids : undefined);
  return rows.map((row) => {
    const info = states.get(Number(row.id)) ?? PUBLISHED_WITHOUT_ROW;
    return { ...row, state: info.state, lifecycle: info };
  });
}
