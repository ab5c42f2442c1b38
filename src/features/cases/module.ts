import type { PortalModule } from '../modules';
import { CASE_JOBS } from './case-jobs.server';
import { CASE_FILE_READER } from './case-file-access.server';

/** The case kernel: its due-time notices and the steps the clock takes, for every service on it; who may read a case's private files. */
export const CASES_MODULE: PortalModule = { name: 'cases', jobs: CASE_JOBS, privateFileReaders: [CASE_FILE_READER] };
