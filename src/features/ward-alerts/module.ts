import type { PortalModule } from '../modules';
import { WARD_ALERT_JOBS } from './ward-alert-digest.server';

/** Ward alerts: the daily digest to every confirmed subscriber. */
export const WARD_ALERTS_MODULE: PortalModule = { name: 'ward-alerts', jobs: WARD_ALERT_JOBS };
