import type { Migration } from 'kysely';
import * as councils from './2026-11-30-tn-councils';

/** The platform database's migrations (src/server/councils/platform.ts), apart from each council's. */
export const platformMigrations: Record<string, Migration> = {
  '2026-11-30-tn-councils': councils,
};
