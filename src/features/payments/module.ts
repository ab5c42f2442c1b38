import type { PortalModule } from '../modules';
import { receiptVerifiable } from './receipt-verifiable.server';
import { PAYMENT_JOBS } from './reconcile-jobs.server';
import { CHEQUE_SCAN_READER } from './cheque-scans.server';

/**
 * Payments: every receipt is verified by its number and check code; the jobs ask the gateway about payments left
 * open; a counter receipt's cheque scan is read by the counter's staff only.
 */
export const PAYMENTS_MODULE: PortalModule = { name: 'payments', verifiables: [receiptVerifiable], jobs: PAYMENT_JOBS, privateFileReaders: [CHEQUE_SCAN_READER] };
