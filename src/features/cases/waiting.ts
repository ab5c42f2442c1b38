import type { AnyService, Party } from './service';

/**
 * The open states of a service in which a case waits on a party: those from which the party may move it on.
 * Moving on is a step to another state that is neither a refusal nor a sending back (those ask for a reason:
 * anyone who may decide can also refuse, which does not make every case theirs to act on) nor a merge, and is
 * not the system's own. So a grievance that is Lodged waits on the desk (assign), one Assigned on its officer
 * (resolve), a licence Applied on the verifier, in Inspection on the inspector, Pending approval on the
 * approver; an admin may take every such step and is waited on in every open state. A state whose every way
 * out asks for a reason (a water connection whose holder asked for it to be cut: the cut is the step asked
 * for, and its reason is the council's record) waits on those who may take such a step.
 */
export function waitingStates(service: AnyService, party: Party): string[] {
  const rules = Object.values(service.transitions) as { from: readonly string[]; to: string; by: readonly string[]; requires?: readonly string[]; merges?: true }[];
  const asksReason = (rule: (typeof rules)[number]) => (rule.requires ?? []).includes('reason');
  return service.openStates.filter((state: string) => {
    // The clock's and the gateway's steps count as ways on (a case waiting for its fee waits on nobody here).
    const ways = rules.filter((rule) => rule.from.includes(state) && rule.to !== state && !rule.merges);
    const forward = ways.some((rule) => !asksReason(rule)) ? ways.filter((rule) => !asksReason(rule)) : ways;
    return forward.some((rule) => rule.by.includes(party));
  });
}
