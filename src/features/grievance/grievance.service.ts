/**
 * Grievances, declared as a service of the case kernel (src/features/cases/service.ts): the states and their
 * words, every transition with who may take it, what it requires and what it does, the due times, the number
 * and the messages. Browser-safe.
 *
 *   (lodge) ──► Lodged ──assign──► Assigned ──resolve (after photo)──► Resolved ──rate / auto-close──► Closed
 *                 │  ▲               │  ▲ assign (reassign)             │
 *                 │  └───────────────┘  │                              reopen (citizen, within window, reason)
 *                 │       reject (reason)                              ▼
 *                 └──────────────────► Rejected ──reopen──► Reopened ──assign──► Assigned
 */
import { boolean, mixed, number, object, string } from 'yup';
import { defineService, type EffectInput, type Requirement } from '../cases/service';
import { messages, wordFor } from '../../i18n/messages';
import { DAY_MS } from '../../lib/india-time';
import { REFUSAL } from '../../i18n/refusals';
import { grievanceFacts } from './staff-facts';

/** The last moment a decision taken at decidedAt (ISO) may be reopened, with a window of so many days; null without a decision. */
export function reopenWindowEnd(decidedAt: string | null, days: number): number | null {
  const decided = decidedAt === null ? Number.NaN : Date.parse(decidedAt);
  return Number.isNaN(decided) ? null : decided + days * DAY_MS;
}

/** Whether a decision taken at decidedAt is still within its reopen window at a moment. */
export function withinReopenWindow(decidedAt: string | null, days: number, at: number): boolean {
  const end = reopenWindowEnd(decidedAt, days);
  return end !== null && at <= end;
}

/** How much of the citizen's words an assignment email quotes. */
const SUMMARY_CHARACTERS = 160;

/** The hours a fresh grievance (and a reopened one) is given when its category says nothing. */
export const DEFAULT_DUE_HOURS = 72;

const words = (state: string) => ({ en: wordFor(messages('en').grievance.states, state) ?? state, hi: wordFor(messages('hi').grievance.states, state) ?? state });

/**
 * A decision (resolve, reject) is recorded with who made it and when; the old wire shows these as the action.
 * Any step also ends an old free-text status a migrated complaint kept: from then on its state tells it.
 */
const decided = ({ at, actorLabel }: EffectInput) => ({ data: { decidedAt: at, actionBy: actorLabel, actionDate: at, legacyStatus: undefined } });

/** A workflow setting the admin changes on /grievance-settings (grievance_setting), or its default. */
async function setting(database: any, name: string, fallback: number): Promise<number> {
  const row = await database.selectFrom('grievance_setting').select('value').where('name', '=', name).executeTakeFirst();
  return row && /^\d{1,6}$/.test(row.value) ? Number(row.value) : fallback;
}

/** The officer a step names, as sent (the staff API's `officer`, or an id): only an account of the officer role. */
const officerNamed = (fields: Readonly<Record<string, unknown>>) => {
  const raw = fields.officerId ?? fields.officer;
  return typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

/** The grievance's own requirements, beside the kernel's photo and reason. */
const requirements = {
  officer: {
    load: async (database: any, _caseId, fields) => {
      const id = officerNamed(fields);
      if (id === null) return undefined;
      return (await database.selectFrom('app_user').select('id').where('id', '=', id).where('role', '=', 'officer').executeTakeFirst())?.id ?? null;
    },
    check: (c) =>
      c.loaded === undefined
        ? { status: 400, message: 'Choose the officer to assign it to.', field: 'officer' }
        : c.loaded === null
          ? { status: 400, message: 'That officer does not exist.', field: 'officer' }
          : null,
  },
  rating: {
    check: (c) => {
      const rating = c.fields.rating;
      return Number.isInteger(rating) && (rating as number) >= 1 && (rating as number) <= 5 ? null : { status: 400, message: REFUSAL.chooseRating, field: 'rating' };
    },
  },
  // The window's length is a setting the admin changes.
  reopenWindow: {
    load: (database) => setting(database, 'reopenWindowDays', 10),
    check: (c) => {
      const days = Number(c.loaded);
      const decidedAt = typeof c.record.decidedAt === 'string' ? c.record.decidedAt : null;
      return !withinReopenWindow(decidedAt, days, c.now)
        ? { status: 409, message: `A grievance can be reopened only within ${days} days of the decision.` }
        : null;
    },
  },
} satisfies Record<string, Requirement>;

/** The four statuses of the old wire (docs/legacy-contract.md §6.1), per state; read through grievance-workflow.ts. */
export const GRIEVANCE_LEGACY_STATUS = {
  Lodged: 'Open', Reopened: 'Open', Assigned: 'Pending', Resolved: 'Resolved', Closed: 'Resolved', Rejected: 'Rejected',
  // A duplicate is not answered on its own: old clients read it as turned down (docs/deviations.md).
  Merged: 'Rejected',
} as const;

export const GRIEVANCE = defineService({
  name: 'grievance',
  title: { en: 'Grievance', hi: 'शिकायत' },
  noun: 'grievance',
  states: {
    Lodged: { ...words('Lodged'), open: true, dueHours: DEFAULT_DUE_HOURS },
    Assigned: { ...words('Assigned'), open: true },
    Resolved: words('Resolved'),
    Rejected: words('Rejected'),
    Closed: words('Closed'),
    // Back for assignment, on a fresh clock: the council owes a new answer within the category's hours.
    Reopened: { ...words('Reopened'), open: true, dueHours: DEFAULT_DUE_HOURS },
    // A duplicate closed into its original, which its citizen now follows (data.mergedInto).
    Merged: words('Merged'),
  },
  initial: 'Lodged',
  transitions: {
    assign: {
      label: 'Assign', hi: 'सौंपें', from: ['Lodged', 'Reopened', 'Assigned'], to: 'Assigned', by: ['admin', 'user'], requires: ['officer'],
      effect: ({ loaded }) => ({ assigneeId: loaded?.officer as number, data: { legacyStatus: undefined } }), message: 'assign',
    },
    resolve: {
      label: 'Resolve', hi: 'निस्तारित करें', from: ['Assigned'], to: 'Resolved', by: ['admin', 'officer'], assigneeOnly: true, requires: ['photo'],
      // The first two after-photos also fill the old wire's action pictures.
      effect: (input) => ({ data: { ...decided(input).data, actionImage1: input.photoIds[0], actionImage2: input.photoIds[1] ?? null } }),
      message: 'resolve',
    },
    reject: {
      label: 'Reject', hi: 'अस्वीकार करें', from: ['Lodged', 'Assigned', 'Reopened'], to: 'Rejected', by: ['admin', 'officer'], assigneeOnly: true,
      requires: ['reason'], publicNote: true, effect: decided, message: 'reject', tone: 'danger',
    },
    rate: {
      label: 'Rate and close', hi: 'रेटिंग दें और बंद करें', from: ['Resolved'], to: 'Closed', by: ['citizen'], requires: ['rating'],
      effect: ({ at, fields, note }) => ({ data: { rating: fields.rating, ratingComment: note, closedAt: at, legacyStatus: undefined } }), message: 'rate',
    },
    reopen: {
      label: 'Reopen', hi: 'फिर से खोलें', from: ['Resolved', 'Rejected'], to: 'Reopened', by: ['citizen'], requires: ['reason', 'reopenWindow'],
      effect: () => ({ assigneeId: null, data: { decidedAt: null, legacyStatus: undefined } }), message: 'reopen',
    },
    // The kernel's merge (src/features/cases/case-supporters.server.ts): the original named by number must be
    // an open grievance other than this one; its citizen and followers then follow the original.
    merge: {
      label: 'Merge into the original', hi: 'मूल शिकायत में मिलाएँ', from: ['Lodged', 'Assigned', 'Reopened'], to: 'Merged', by: ['admin', 'user'],
      requires: ['original'], merges: true, message: 'merge',
      effect: ({ at, loaded }) => ({ data: { mergedInto: (loaded?.original as { number: string }).number, closedAt: at, legacyStatus: undefined } }),
    },
    'auto-close': {
      label: 'Closed automatically', hi: 'अपने आप बंद', from: ['Resolved'], to: 'Closed', by: ['system'],
      // After the auto-close days (a setting) without a rating.
      afterHours: async (database) => (await setting(database, 'autoCloseDays', 7)) * 24,
      effect: ({ at }) => ({ data: { closedAt: at, legacyStatus: undefined } }), message: 'autoClose',
    },
  },
  // Each category's SLA (set by the admin on /grievance-settings) replaces the 72 hours.
  categoryDueHours: async (database, categoryId) =>
    (await database.selectFrom('grievance_type').select('sla_hours').where('id', '=', categoryId).executeTakeFirst())?.sla_hours,
  lodgedBy: ['citizen', 'user', 'admin'],
  assigneeRoles: ['officer'],
  meToo: true,
  requirements,
  requirementWords: { photo: 'Add at least one photo of the spot after the work.' },
  series: { name: 'grievance', code: 'PGR', shows: 'day' },
  // The grievance's own fields; the legacy complaint calls read the district, ULB, picture slots and entry.
  data: object({
    districtId: number().integer().nullable().default(null),
    ulbId: number().integer().nullable().default(null),
    landmark: string().default(''),
    description: string().default(''),
    suggestion: string().default(''),
    entryBy: string().default(''),
    actionBy: string().default(''),
    actionDate: string().nullable().default(null),
    decidedAt: string().nullable().default(null),
    closedAt: string().nullable().default(null),
    rating: mixed().nullable().default(null),
    ratingComment: string().default(''),
    slaHours: number().integer().nullable().default(null),
    pubImage1: number().integer().nullable().default(null),
    pubImage2: number().integer().nullable().default(null),
    actionImage1: number().integer().nullable().default(null),
    actionImage2: number().integer().nullable().default(null),
    // Where it is, when the citizen's phone or an Open311 client said: a point in degrees (WGS 84), the
    // place in words and the client's own address id. Public: Open311 answers them (the point rounded).
    lat: number().min(-90).max(90).nullable().default(null),
    long: number().min(-180).max(180).nullable().default(null),
    addressString: string().max(300).default(''),
    addressId: string().max(100).default(''),
    /** A picture of it elsewhere, as an Open311 client sent it (http or https). */
    mediaUrl: string().max(1000).matches(/^(https?:\/\/\S+)?$/i).default(''),
    /** The original's number, once merged into it as a duplicate. */
    mergedInto: string().default(''),
    /** The citizen kept the photos sent with it from the public (private files, in no public picture slot). */
    photosPrivate: boolean().default(false),
  }),
  // The photos sent with it fill the old picture slots: the citizen's first two, or the slots the desk's
  // add-complaint call named (`slots`, in the order of the photos).
  lodgeEffect: ({ photoIds, fields, data }) => {
    // Private photos fill no slot: every public reader (the list, the feeds, Open311, the old calls) reads the slots.
    if (data.photosPrivate === true) return {};
    const slots = Array.isArray(fields.slots) ? (fields.slots as string[]) : ['pubImage1', 'pubImage2'];
    return { data: Object.fromEntries(slots.flatMap((slot, i) => (photoIds[i] === undefined ? [] : [[slot, photoIds[i]]]))) };
  },
  // Its audit entries keep the name they had before the kernel, so that a grievance's history reads as one.
  auditEntity: 'complaint',
  // …and its lodging's entry the old row's fields: the service data and the old status word.
  auditView: ({ state, data }) => ({ ...data, status: GRIEVANCE_LEGACY_STATUS[state] }),
  // The officer's assignment email: the category, where, and the start of what the citizen wrote.
  summary: async ({ categoryId, wardId, data }, database) => {
    const category = categoryId === null ? undefined : (await database.selectFrom('grievance_type').select('grievance_title').where('id', '=', categoryId).executeTakeFirst())?.grievance_title;
    const ward = wardId === null ? undefined : (await database.selectFrom('ward').select('ward_number').where('id', '=', wardId).executeTakeFirst())?.ward_number;
    const where = [ward ? `ward ${ward}` : '', String(data.landmark ?? '').trim()].filter(Boolean).join(', ');
    const said = String(data.description ?? '').replace(/\s+/g, ' ').trim();
    const line = said.length > SUMMARY_CHARACTERS ? `${said.slice(0, SUMMARY_CHARACTERS - 1)}…` : said;
    return `${category ?? 'Grievance'}${where ? ` (${where})` : ''}${line ? `: ${line}` : ''}`;
  },
  citizenPath: (number) => `/trackgrievance?number=${encodeURIComponent(number)}`,
  staffPath: (number) => `/grievances/${encodeURIComponent(number)}`,
  // What the public list, the feeds and Open311 show: never the citizen's address.
  publicView: (c) => ({
    number: c.number, state: c.state, lodgedAt: c.lodgedAt, dueAt: c.dueAt, overdue: c.overdue, landmark: c.data.landmark, description: c.data.description,
    ...(c.data.mergedInto ? { mergedInto: c.data.mergedInto } : {}),
  }),
  staffFacts: grievanceFacts,
  // A category's Hindi name is its admin's (grievance settings); without one the English title stands in.
  categoryNames: async (database, ids) => {
    const rows = await database.selectFrom('grievance_type').select(['id', 'grievance_title', 'name_hi']).where('id', 'in', [...ids]).execute();
    return new Map(rows.map((r: { id: number; grievance_title: string; name_hi: string | null }) => [r.id, { en: r.grievance_title, hi: r.name_hi || r.grievance_title }]));
  },
  catalogue: (lang) => messages(lang).grievanceMessages,
});
