import { withCouncil } from '../council-context';
import { councilReady } from '../ready';
import { processSingleton } from '../singleton';
import type { CouncilRecord } from './registry';

/**
 * How a council is doing, as the state console shows it: read from the council's own database, inside its
 * context, only when asked (the console's list reads the councils of the page it shows; the state's call
 * reads one). What the figures mean belongs to the features (a grievance's open states, a valid receipt), so
 * the reader is handed to the server at start by the composition list, as the routes are.
 */
export interface CouncilHealth {
  /** The newest change to any of its tables' content (an ISO instant), or null. */
  lastContentChange: string | null;
  /** Grievances still open past their due time. */
  overdueGrievances: number;
  /** Messages to citizens that failed for good. */
  failedMessages: number;
  /** Today's collection (the Indian calendar day): valid receipts and their total in paise. */
  collectedToday: { receipts: number; paise: number };
  /** When one of its admins last signed in, or null. */
  adminLastSignIn: string | null;
}

/** Reads the health of the council whose context it runs in. */
export type CouncilHealthReader = () => Promise<CouncilHealth>;

const installed = () => processSingleton('council-health-reader', () => ({ reader: null as CouncilHealthReader | null }));

export function installCouncilHealthReader(reader: CouncilHealthReader): void {
  installed().reader = reader;
}

/** A council's health, its database opened (and brought up to date) if this process had not yet. */
export async function councilHealth(council: CouncilRecord): Promise<CouncilHealth> {
  const reader = installed().reader;
  if (!reader) throw new Error('the council health reader was asked for before an entry installed the composition list (src/modules.ts)');
  await councilReady(council);
  return withCouncil(council, reader);
}
