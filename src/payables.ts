import { registerPayable } from './features/payments/payable';
import { propertyTaxPayable } from './features/property-tax/property-tax.server';
import { tradeLicencePayable } from './features/trade-licence/licence.server';

/**
 * Every service citizens pay for, registered with the payments feature by its kind. Imported once by the
 * server's entry (through src/jobs.ts) and by each page that starts or settles a payment, so the payments
 * feature knows them without knowing any service. A new service (a trade licence fee) adds itself here.
 */
registerPayable(propertyTaxPayable);
registerPayable(tradeLicencePayable);
