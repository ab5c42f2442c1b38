// Asked several times a request: the registered symbol is looked up once per name, not built each time.
const keys = new Map<string, symbol>();

function keyOf(name: string): symbol {
  let key = keys.get(name);
  if (key === undefined) keys.set(name, (key = Symbol.for(`council-portal:${name}`)));
  return key;
}

/**
 * The Node entry (dist/main.mjs) and Astro's server bundle are built separately, so each carries its own
 * copy of the modules under src/server. Anything there must be one per process (the database handle, the
 * page cache, the signing key) is kept on globalThis under a registered symbol, which both copies share.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = keyOf(name);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[key];
  if (value === undefined) {
    value = create();
    store[key] = value;
  }
  return value;
}

/** Replaces a singleton: for tests and for scripts that reopen the database. */
export function resetProcessSingleton(name: string): void {
  delete (globalThis as unknown as Record<symbol, unknown>)[keyOf(name)];
}
