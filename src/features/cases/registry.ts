import { CITIZEN, SYSTEM, type AnyService } from './service';
import { checkedSeries } from '../../lib/number-series';
import { ROLES } from '../../server/auth/users';
import { readConfig } from '../../server/config';
import { STALL_PERMIT } from '../stall-permit/stall-permit.service';
import { GRIEVANCE } from '../grievance/grievance.service';
import { TRADE_LICENCE } from '../trade-licence/trade-licence.service';
import { WATER } from '../water/water.service';


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

/**
 * Every service on the case kernel, in the order the inbox offers them, and what is derived from the list:
 * lookup by name and by number series. A service is added by declaring it in its folder and listing it here.
 */
export const SERVICES: readonly AnyService[] = checkedServices([GRIEVANCE, TRADE_LICENCE, WATER, ...testServices()]);

/**
 * The stall permit, a small service the tests run beside the real ones to show that every screen and call
 * serves any declared service: only on a test start that asks for it (CASE_TEST_SERVICE=1), never in production.
 */
function testServices(): AnyService[] {
  return process.env.CASE_TEST_SERVICE === '1' && !readConfig().production ? [STALL_PERMIT] : [];
}

const byName = new Map(SERVICES.map((s) => [s.name, s]));

export function serviceNamed(name: string): AnyService | undefined {
  return byName.get(name);
}
