import type { ContentTypeDef } from '../../lib/content-type';
import type { AnyContentStorage, StoredContentType } from './storage';

/**
 * The content types this server serves, handed to it at start by the composition that lists the features'
 * declarations (src/features/content-storage.server.ts): the server's generic machinery (records, API,
 * lifecycle, revisions) reads them from here and imports no feature. Kept on globalThis because the Node
 * entry, Astro's entry and the demo seed are bundled apart: a registration made by any of them is seen by all.
 */
interface Registry {
  types: readonly StoredContentType[];
}

const KEY = Symbol.for('council.content-registry');
const store = globalThis as unknown as Record<symbol, Registry | undefined>;

/** Registers every content type; a second registration replaces the first (each bundle registers the same list). */
export function registerContentTypes(types: readonly StoredContentType[]): void {
  const paths = new Set<string>();
  for (const { def } of types) {
    if (paths.has(def.path)) throw new Error(`Two content types are declared at the path ${def.path}.`);
    paths.add(def.path);
  }
  store[KEY] = { types };
}

function registry(): Registry {
  const found = store[KEY];
  if (!found) throw new Error('No content types are registered: the composition (src/features/content-storage.server.ts) hands them over at start.');
  return found;
}

/** Every registered content type with its storage, in the back office sidebar's order. */
export const storedContentTypes = (): readonly StoredContentType[] => registry().types;

/** Every registered declaration. */
export const contentTypes = (): readonly ContentTypeDef[] => registry().types.map((type) => type.def);

/** API paths are matched case-insensitively, as the old server did. */
export function contentTypeByPath(path: string | undefined): ContentTypeDef | undefined {
  const wanted = (path ?? '').toLowerCase();
  return registry().types.find((type) => type.def.path === wanted)?.def;
}

export function storageOf(def: ContentTypeDef): AnyContentStorage {
  const storage = registry().types.find((type) => type.def.path === def.path)?.storage;
  if (!storage) throw new Error(`No storage is declared for the content type ${def.path}.`);
  return storage;
}
