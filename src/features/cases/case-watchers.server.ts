import type { Db } from '../../server/db';
import type { AnyService } from './service';
import { queueWardAlerts } from '../ward-alerts/ward-alert-events.server';

/**
 * What else a case's lodging or step writes, in its own transaction, beside the citizen's message: features
 * that follow cases from outside (people who asked to hear of a ward's grievances) list themselves here, as
 * services list themselves in registry.ts. A watcher queues into the outbox, so what it sends exists exactly
 * when the step committed, and a failing watcher fails the step rather than losing its message.
 */
export interface CaseHappening {
  service: AnyService;
  caseId: number;
  number: string;
  /** 'lodge', or the transition's name. */
  action: string;
  from: string | null;
  to: string;
  /** Whether the step is one the citizen is told of (the transition names a message, or it is the lodging). */
  toldToCitizen: boolean;
}

export type CaseWatcher = (trx: Db, happening: CaseHappening) => Promise<void>;

const WATCHERS: readonly CaseWatcher[] = [queueWardAlerts];

export async function tellCaseWatchers(trx: Db, happening: CaseHappening): Promise<void> {
  for (const watcher of WATCHERS) await watcher(trx, happening);
}
