import './payables';
import type { JobDefinition } from './server/jobs';
import { outboxSweepJob } from './server/outbox/sweep-job';
import { CASE_JOBS } from './features/cases/case-jobs.server';
import { PAYMENT_JOBS } from './features/payments/reconcile-jobs.server';
import { TRADE_LICENCE_JOBS } from './features/trade-licence/licence.server';
import { WARD_ALERT_JOBS } from './features/ward-alerts/ward-alert-digest.server';

/**
 * Every job the server runs, in one list the production entry (src/server/main.ts) hands to the runner: the
 * server's own mechanisms and each feature's time-driven steps. A feature adds its jobs here; the runner and
 * src/server know no feature.
 */
export const JOBS: readonly JobDefinition[] = [outboxSweepJob, ...CASE_JOBS, ...PAYMENT_JOBS, ...TRADE_LICENCE_JOBS, ...WARD_ALERT_JOBS];
