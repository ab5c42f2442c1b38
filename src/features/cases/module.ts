import type { PortalModule } from '../modules';
import { rolesIn } from '../../lib/roles';
import { CASE_JOBS } from './case-jobs.server';
import { CASE_FILE_READER } from './case-file-access.server';

/**
 * The case kernel: the due-time notices and the steps the clock takes, for every service on it (each service's
 * module declares the service, and with it its series of case numbers); who may read a case's private files.
 */
export const CASES_MODULE: PortalModule = {
  name: 'cases',
  jobs: CASE_JOBS,
  privateFileReaders: [CASE_FILE_READER],
  routes: {
    // "Me too" on an open grievance (from the similar list of /postgrievance and from tracking).
    '/metoo': { access: 'public', query: ['number', 'counted'], uncached: true },
    // A follower's link to confirm the mobile or email given with a "me too" (src/features/cases/supporter-consent.server.ts).
    '/metoo/confirm': { access: 'public', query: ['token'], uncached: true },
    // The one inbox and case page of every service (grievances, and each service on the case kernel).
    '/cases': { access: rolesIn('cases'), staffHindi: true, query: ['q', 'sort', 'service', 'state', 'ward', 'category', 'assignee', 'overdue', 'page', 'format'], nav: { group: 'services', label: 'Case Inbox' } },
    '/cases/[number]': { access: rolesIn('cases'), staffHindi: true, draftWithoutSession: true, query: ['done', 'draft', 'draft_key'] },
    // Every service's cases for staff (src/features/cases): officers see only their own.
    '/api/Staff/cases': { access: rolesIn('cases'), query: ['service', 'state', 'ward', 'category', 'assignee', 'overdue', 'q', 'sort', 'page'] },
    '/api/Staff/cases/[number]': { access: rolesIn('cases') },
    '/api/Staff/cases/[number]/[action]': { access: rolesIn('cases') },
    // An admin withdraws a case's private file (src/features/cases/case-files.server.ts).
    '/api/Staff/cases/[number]/files/[file]': { access: ['admin'] },
  },
};
