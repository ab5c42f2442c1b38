import type { Role } from '../../server/db-schema';

/** Who enters meter readings: the meter reader on their round, and admins. */
export const METER_READERS: readonly Role[] = ['admin', 'inspector'];
