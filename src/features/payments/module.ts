import type { PortalModule } from '../modules';
import { rolesIn } from '../../lib/roles';
import { casePayables } from './case-payables.server';
import { receiptVerifiable } from './receipt-verifiable.server';
import { PAYMENT_JOBS } from './reconcile-jobs.server';
import { CHEQUE_SCAN_READER } from './cheque-scans.server';
import { RECEIPT_SERIES } from './receipt-series';

/**
 * Payments: the fee of every case service that declares one is payable (its kind the service's name);
 * receipts are numbered in their own series and verified by number and check code; the jobs ask the gateway
 * about payments left open; a counter receipt's cheque scan is read by the counter's staff only.
 */
export const PAYMENTS_MODULE: PortalModule = {
  name: 'payments',
  series: [RECEIPT_SERIES],
  payables: casePayables,
  verifiables: [receiptVerifiable],
  jobs: PAYMENT_JOBS,
  privateFileReaders: [CHEQUE_SCAN_READER],
  routes: {
    '/receipt/[file]': { access: 'public', englishOnly: true, uncached: true },
    '/payments/return': { access: 'public', englishOnly: true, query: ['txn'], uncached: true, crossSite: true },
    // The gateway simulator (PAYMENT_GATEWAY=simulator; not found otherwise), speaking Razorpay's protocol.
    '/gateway-simulator/v1/[...path]': { access: 'public', englishOnly: true, uncached: true },
    '/gateway-simulator/v1/checkout/embedded': { access: 'public', englishOnly: true, uncached: true, crossSite: true },
    '/collection-register': { access: rolesIn('counter'), query: ['date', 'format', 'done'], nav: { group: 'revenue', label: 'Collection Register' } },
    // Online payments to give back (mismatch, refund-due), refunded through the gateway: money going out is an admin's.
    '/payment-exceptions': { access: ['admin'], query: ['refund', 'done', 'lang'], nav: { group: 'revenue', label: 'Payment Exceptions' } },
    '/api/Public/payments': { access: 'public', uncached: true },
    '/api/Public/payments/webhook': { access: 'public', uncached: true, crossSite: true },
    '/api/Public/payments/[id]': { access: 'public', uncached: true },
    '/api/Public/receipts/[number]': { access: 'public', uncached: true },
    // The counter's staff remove a receipt's cheque scan (src/features/payments/cheque-scans.server.ts).
    '/api/Staff/receipts/[number]/scan': { access: rolesIn('counter') },
  },
};
