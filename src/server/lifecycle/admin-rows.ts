import type { ContentTypeDef } from '../../lib/content-type';
import { PUBLISHED_WITHOUT_ROW } from '../../lib/lifecycle';
import { readStates } from './state-store';

/**
 * Adds to admin API rows where each record stands: `state` and `lifecycle` (moments, last comment, who
 * changed it). Only added: every field old clients read keeps its name and meaning.
 */
export async function withLifecycle<T extends Record<string, unknown>>(def: ContentTypeDef, rows: T[]): Promise<(T & { state: string; lifecycle: unknown })[]> {
  const states = rows.length === 0 ? new Map() : await readStates(def.path);
  return rows.map((row) => {
    const info = states.get(Number(row.id)) ?? PUBLISHED_WITHOUT_ROW;
    return { ...row, state: info.state, lifecycle: info };
  });
}
