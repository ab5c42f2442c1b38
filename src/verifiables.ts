import './payables';
import { registerVerifiable } from './features/shared/verification';
import { receiptVerifiable } from './features/payments/receipt-verifiable.server';
import { licenceVerifiable } from './features/trade-licence/licence-verifiable.server';

/**
 * Every kind of number /verify/{number} answers for, each recognised by its own pattern: receipts and trade
 * licences. A new kind of printed document with a QR code adds itself here.
 */
registerVerifiable(receiptVerifiable);
registerVerifiable(licenceVerifiable);
