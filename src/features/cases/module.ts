import type { PortalModule } from '../modules';
import { CASE_JOBS } from './case-jobs.server';

/** The case kernel: its due-time notices and the steps the clock takes, for every service on it. */
export const CASES_MODULE: PortalModule = { name: 'cases', jobs: CASE_JOBS };
