import { withCouncil } from '../council-context';
import { closeDb } from '../db';
import { closePlatformDb } from './platform';
import { firstCouncil, listCouncils } from './registry';
import { preparePlatform } from './setup';

/**
 * A command-line task's council: the one whose slug COUNCIL names, else the installation's first. The task
 * runs inside that council's context (council-context.ts), after the platform database is up to date.
 */
export async function inScriptCouncil<T>(work: () => Promise<T>): Promise<T> {
  await preparePlatform(() => {});
  const slug = (process.env.COUNCIL ?? '').trim();
  const council = slug ? (await listCouncils()).find((c) => c.slug === slug) : await firstCouncil();
  if (!council) throw new Error(`No council has the slug "${slug}" (COUNCIL).`);
  return withCouncil(council, work);
}

/** Closes every database a task opened. */
export async function closeScriptDatabases(): Promise<void> {
  await Promise.allSettled([closeDb(), closePlatformDb()]);
}
