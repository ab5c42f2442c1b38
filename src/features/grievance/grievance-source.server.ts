import type { CaseSource } from '../cases/case-source.server';
import { parseMobile, parseMobilePart } from '../cases/contact';
import { parseCaseNumber } from '../cases/service';
import { findStaffGrievance, grievanceEvents, listInbox, type StaffGrievance } from './grievance-queries.server';
import { transitionGrievance } from './grievance.server';
import { GRIEVANCE } from './grievance.service';
import { isGrievanceState, type TransitionName } from './grievance-workflow';

/**
 * Grievances as a source of the kernel's staff API (src/features/cases/case-source.server.ts), read from and
 * written to their legacy table through the grievance feature's own functions, so that both answer alike.
 */

function summaryOf(g: StaffGrievance) {
  return {
    service: GRIEVANCE.name, number: g.number, state: g.state, stateWords: { en: GRIEVANCE.states[g.state].en, hi: GRIEVANCE.states[g.state].hi },
    wardId: null, categoryId: g.categoryId, assigneeId: g.officerId, assignee: g.officer, lodgedAt: g.lodgedAt, dueAt: g.dueAt,
    overdue: g.overdue, name: g.name, mobile: g.mobile,
  };
}

export const GRIEVANCE_SOURCE: CaseSource = {
  service: GRIEVANCE,
  list: async (filter, now) => {
    if (filter.state && !isGrievanceState(filter.state)) return { total: 0, rows: [] };
    const q = filter.q?.trim() ?? '';
    const number = q ? parseCaseNumber(q) : null;
    const mobile = q && !number ? parseMobile(q) : null;
    const mobilePart = q && !number && !mobile ? parseMobilePart(q) : null;
    if (q && !number && !mobile && !mobilePart) return { total: 0, rows: [] };
    const { total, rows } = await listInbox(
      {
        state: filter.state as StaffGrievance['state'] | undefined, wardId: filter.wardId, categoryId: filter.categoryId, officer: filter.assignee,
        overdue: filter.overdue, number: number ?? undefined, mobile: mobile ?? undefined, mobilePart: mobilePart ?? undefined, sort: filter.sort, limit: filter.limit, offset: filter.offset,
      },
      now,
    );
    return { total, rows: rows.map((g) => ({ ...summaryOf(g), ward: g.ward })) };
  },
  find: async (number, now) => {
    const g = await findStaffGrievance(number, now);
    if (!g) return null;
    return {
      ...summaryOf(g),
      contact: { name: g.name, mobile: g.mobile, email: g.email, address: g.address },
      data: { category: g.category, ward: g.ward, landmark: g.landmark, description: g.description, suggestion: g.suggestion, photos: g.photos, rating: g.rating, ratingComment: g.ratingComment, source: g.source },
      events: (await grievanceEvents(g.id, 'staff')).map((e) => ({ ...e, visibility: e.staffOnly ? 'staff' : 'public', documents: [] })),
    };
  },
  step: async (number, action, request, actor) => {
    const officer = request.fields.officer;
    await transitionGrievance(
      number,
      action as TransitionName,
      {
        note: request.note, noteVisibility: request.visibility, photos: request.photos, rating: null,
        officerId: typeof officer === 'number' ? officer : typeof officer === 'string' && /^\d{1,9}$/.test(officer) ? Number(officer) : null,
      },
      { party: actor.party as Parameters<typeof transitionGrievance>[3]['party'], userId: actor.userId, label: actor.label },
    );
  },
};
