import type { NumberSeries } from '../../lib/number-series';

/** The receipts' series, online and at the counter alike, declared by the payments module: …-RCT-2026-27-000042. */
export const RECEIPT_SERIES: NumberSeries = { name: 'receipt', code: 'RCT', shows: 'financial-year' };
