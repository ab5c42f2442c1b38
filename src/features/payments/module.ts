import type { PortalModule } from '../modules';
import { receiptVerifiable } from './receipt-verifiable.server';
import { PAYMENT_JOBS } from './reconcile-jobs.server';

/** Payments: every receipt is verified by its number and check code; the jobs ask the gateway about payments left open. */
export const PAYMENTS_MODULE: PortalModule = { name: 'payments', verifiables: [receiptVerifiable], jobs: PAYMENT_JOBS };
