import type { AnyService } from './service';
import { GRIEVANCE } from '../grievance/grievance.service';
import { TRADE_LICENCE } from '../trade-licence/trade-licence.service';

/**
 * Every service on the case kernel, in the order the inbox offers them, and what is derived from the list:
 * lookup by name and by number prefix. A service is added by declaring it in its folder and listing it here.
 */
export const SERVICES: readonly AnyService[] = checkedServices([GRIEVANCE, TRADE_LICENCE]);

/** Names and number prefixes are each one service's: a case number says which service it belongs to. */
export function checkedServices(services: readonly AnyService[]): readonly AnyService[] {
  for (const key of ['name', 'numberPrefix'] as const) {
    const seen = new Set<string>();
    for (const service of services) {
      if (seen.has(service[key])) throw new Error(`two services share the ${key} ${service[key]}`);
      seen.add(service[key]);
    }
  }
  return services;
}

const byName = new Map(SERVICES.map((s) => [s.name, s]));

export function serviceNamed(name: string): AnyService | undefined {
  return byName.get(name);
}
