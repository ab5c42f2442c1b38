import type { PortalModule } from '../modules';
import { STALL_PERMIT } from './stall-permit.service';

/**
 * The stall permit, a small service the tests run beside the real ones to show that every screen and call
 * serves any declared service. The composition list adds it only on a test start that asks for it
 * (CASE_TEST_SERVICE=1), never in production.
 */
export const STALL_PERMIT_MODULE: PortalModule = {
  name: 'stall-permit',
  services: [STALL_PERMIT],
};
