import type { PortalModule } from '../modules';
import { propertyTaxPayable } from './property-tax.server';

/** Property tax: a property's demand is paid online or at the counter. */
export const PROPERTY_TAX_MODULE: PortalModule = { name: 'property-tax', payables: [propertyTaxPayable] };
