import { prepareDatabase } from './bootstrap';
import { db } from './db';
import { processSingleton } from './singleton';

/**
 * The production entry prepares the database before it listens. Under `astro dev` there is no such entry,
 * so the first request does it; afterwards this is one resolved promise.
 */
export function ensureReady(): Promise<void> {
  return processSingleton('ready', () => prepareDatabase(db()));
}
