import { CITIZEN, SYSTEM, type AnyService } from './service';
import { checkedSeries } from '../../lib/number-series';
import { ROLES } from '../../server/auth/users';

/** Who may take a step or lodge a case: a staff role that exists, the citizen, or the clock. */
const PARTIES: ReadonlySet<string> = new Set([...ROLES, CITIZEN, SYSTEM]);

/** Parties a service names that are no role, citizen or clock (a typo that would let nobody take the step). */
export function unknownParties(service: AnyService): string[] {
  const named = [...service.lodgedBy, ...(service.assigneeRoles ?? []), ...Object.values(service.transitions).flatMap((rule) => rule.by)];
  return [...new Set(named.filter((party) => !PARTIES.has(party)))];
}

/**
 * Names and number series are each one service's (a case number says which service it belongs to), and every
 * party a service names exists: checked when the list is made, so a wrong declaration stops the start.
 */
export function checkedServices(services: readonly AnyService[]): readonly AnyService[] {
  for (const service of services) {
    const unknown = unknownParties(service);
    if (unknown.length > 0) throw new Error(`${service.name} names parties that do not exist: ${unknown.join(', ')}`);
  }
  const seen = new Set<string>();
  for (const service of services) {
    if (seen.has(service.name)) throw new Error(`two services share the name ${service.name}`);
    seen.add(service.name);
  }
  checkedSeries(services.map((service) => service.series));
  return services;
}
