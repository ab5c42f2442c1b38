import { db, type Db } from '../../server/db';
import { TRADE_LICENCE } from './trade-licence.service';
import { indianDate } from '../../lib/india-time';

/**
 * The trade licence's counts on the public performance page, per month applied (India's calendar) and per
 * ward: applications received, issued within their due time, and pending with the council now. One query
 * for the cases and one for their approvals, whatever the number of months.
 *
 * "Within the due time": the council's checks (lodging to approval, or to the unchanged renewal's pass to
 * payment) took no longer than the sum of the due times of its stages (Applied, Inspection, PendingApproval:
 * 240 hours), and the licence was issued. The time until the trader pays is the trader's, not the council's.
 * "Pending": in a stage the council owes (an open state), whatever its age.
 */
export interface LicenceCounts {
  key: string;
  received: number;
  issuedInTime: number;
  pending: number;
}

const APPROVALS = ['approve', 'renewUnchanged'];
export const CHECKS_DUE_HOURS = TRADE_LICENCE.openStates.reduce((sum, s) => sum + (TRADE_LICENCE.states[s].dueHours ?? 0), 0);
const ISSUED = ['Issued', 'Expired', 'Cancelled'];

export async function licencePerformance(database: Db = db()): Promise<{ byMonth: LicenceCounts[]; byWard: LicenceCounts[] }> {
  const [cases, approvals] = await Promise.all([
    database
      .selectFrom('service_case')
      .leftJoin('ward', 'ward.id', 'service_case.ward_id')
      .select(['service_case.id', 'service_case.state', 'service_case.lodged_at', 'ward.ward_number'])
      .where('service_case.service', '=', TRADE_LICENCE.name)
      .execute(),
    database
      .selectFrom('case_event')
      .innerJoin('service_case', 'service_case.id', 'case_event.case_id')
      .select(['case_event.case_id', 'case_event.at'])
      .where('service_case.service', '=', TRADE_LICENCE.name)
      .where('case_event.action', 'in', APPROVALS)
      .execute(),
  ]);
  // The last approval counts: an application sent back and approved again took that long.
  const approvedAt = new Map<number, string>();
  for (const a of approvals) if ((approvedAt.get(a.case_id) ?? '') < a.at) approvedAt.set(a.case_id, a.at);
  const open = TRADE_LICENCE.openStates as readonly string[];
  const tally = (keyOf: (c: (typeof cases)[number]) => string) => {
    const groups = new Map<string, LicenceCounts>();
    for (const c of cases) {
      const key = keyOf(c);
      const g = groups.get(key) ?? { key, received: 0, issuedInTime: 0, pending: 0 };
      g.received++;
      const approved = approvedAt.get(c.id);
      if (ISSUED.includes(c.state) && approved && Date.parse(approved) - Date.parse(c.lodged_at) <= CHECKS_DUE_HOURS * 3_600_000) g.issuedInTime++;
      if (open.includes(c.state)) g.pending++;
      groups.set(key, g);
    }
    return [...groups.values()];
  };
  const natural = new Intl.Collator('en', { numeric: true });
  return {
    byMonth: tally((c) => indianDate(Date.parse(c.lodged_at)).slice(0, 7)).sort((a, b) => b.key.localeCompare(a.key)),
    byWard: tally((c) => c.ward_number ?? '').sort((a, b) => natural.compare(a.key, b.key)),
  };
}
