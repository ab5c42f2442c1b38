import type { PortalModule } from '../modules';
import { licenceVerifiable } from './licence-verifiable.server';
import { TRADE_LICENCE_JOBS, tradeLicencePayable } from './licence.server';

/** The trade licence: its fee is paid like any bill, its licences are verified by number, and they expire by a job. */
export const TRADE_LICENCE_MODULE: PortalModule = {
  name: 'trade-licence',
  payables: [tradeLicencePayable],
  verifiables: [licenceVerifiable],
  jobs: TRADE_LICENCE_JOBS,
};
