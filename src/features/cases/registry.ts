import type { AnyService } from './service';

/**
 * Every service on the case kernel, in the order the inbox offers them, and what is derived from the list:
 * lookup by name and by number prefix. A service is added by declaring it in its folder and listing it here.
 * Grievances are declared (src/features/grievance/grievance.service.ts) but still stored in their legacy
 * table, so they join this list when their cases move into the kernel's.
 */
export const SERVICES: readonly AnyService[] = [];

const byName = new Map(SERVICES.map((s) => [s.name, s]));

export function serviceNamed(name: string): AnyService | undefined {
  return byName.get(name);
}

/** The service a case number belongs to, by its prefix. */
export function serviceOfNumber(number: string): AnyService | undefined {
  return SERVICES.find((s) => number.startsWith(`${s.numberPrefix}-`));
}
