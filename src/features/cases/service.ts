/**
 * A citizen service, declared in one folder (src/features/<service>/<service>.service.ts): its states with
 * their words in both languages, its transitions (who may take each, what it requires, its effect beside the
 * rule), its due times, its number format, what the public may see of a case and what people are told at
 * each step. The kernel (this folder) owns everything else: the case and event tables, the write, the audit,
 * the outbox messages, the due-time job, the staff API and screens. Browser-safe: no server code here.
 */
import type { AnySchema } from 'yup';
import { defineWorkflow, type StepRule, type Workflow } from '../../lib/workflow';
import { parseDayNumber, type NumberSeries } from '../../lib/number-series';
import { REFUSAL } from '../../i18n/refusals';
import type { Party, Role } from '../../lib/roles';
import { paymentRequirement } from '../payments/case-fee';

export type Lang = 'en' | 'hi';
export interface Words {
  en: string;
  hi: string;
}

/** Who acts: a staff role of the roles table (src/lib/roles.ts), the citizen, or the clock. */
export type { Party };
export const CITIZEN = 'citizen' satisfies Party;
export const SYSTEM = 'system' satisfies Party;

export interface StateDeclaration extends Words {
  /** The council still owes an answer: a case in this state past its due time is overdue. */
  open?: true;
  /** Entering this state starts a fresh due time this many hours away (the category may say otherwise). */
  dueHours?: number;
}

/** What the kernel knows when it checks a requirement: the request, and the case as stored. */
export interface RequirementContext {
  action: string;
  note: string;
  photoCount: number;
  documentCount: number;
  /** Fields a transition reads beyond the note (a rating, an officer's id), as sent. */
  fields: Readonly<Record<string, unknown>>;
  /** The case's service data and kernel facts (decidedAt, assigneeId), as stored. */
  record: Readonly<Record<string, unknown>>;
  /** What the requirement's loader found (a payment's receipt, say); undefined when it has none. */
  loaded?: unknown;
  now: number;
}

export interface Refusal {
  status: 400 | 403 | 409;
  message: string;
  field?: string;
}

/**
 * One thing a transition may require. `check` is synchronous over what it is given; anything it must read
 * from the database first (a payment held by another feature) is read by `load`, in the same transaction.
 */
export interface Requirement {
  check: (context: RequirementContext) => Refusal | null;
  /**
   * A requirement met by what the note says (an inspection report): the step's form labels its note so and
   * asks for it, instead of offering an optional note that the step then refuses.
   */
  note?: { en: string; hi: string; minLength: number };
  /** Given the step's fields too: what they name (an officer's id) may need looking up. */
  load?: (database: unknown, caseId: number, fields: Readonly<Record<string, unknown>>) => Promise<unknown>;
}

/** What a transition's effect is given. */
export interface EffectInput {
  at: string;
  actorLabel: string;
  note: string;
  fields: Readonly<Record<string, unknown>>;
  photoIds: readonly number[];
  data: Readonly<Record<string, unknown>>;
  /** What the step's requirements loaded, by requirement name (an officer looked up, say). */
  loaded?: Readonly<Record<string, unknown>>;
}

/**
 * What a step's effect is given besides: the step's transaction and the case's id, for an effect that records
 * something of its own (the licence a paid fee issues). Typed loosely, as categoryDueHours is, to stay browser-safe.
 */
export interface StepEffectInput extends EffectInput {
  database: any;
  caseId: number;
  number: string;
  /** The next number of a declared series, in the step's transaction (a licence's): for a day, and a year it names. */
  takeNumber: (series: NumberSeries, day: string, year?: string) => Promise<string>;
}

/**
 * What a transition changes besides the state: the assignee (null: nobody), fields of the service data, and the
 * step's note when the effect words it from what it did (a licence's number and validity).
 */
export interface EffectChanges {
  assigneeId?: number | null;
  data?: Record<string, unknown>;
  note?: string;
}

/** The requirements the kernel provides to every service; 'original' only to one whose steps merge. */
export type BuiltInRequirement = 'photo' | 'reason' | 'document' | 'original';

export interface TransitionDeclaration<State extends string, Req extends string = string> extends StepRule<State, Party> {
  /** The button's words; `label` (from StepRule) is the English one, also used in refusals. */
  hi: string;
  /** Named requirements, checked in order: built in 'photo', 'reason', 'document', 'original' (a merge's); others ('payment', …) by a hook. */
  requires?: readonly (BuiltInRequirement | Req)[];
  /** A staff member of one of the service's assignee roles may take it only on a case assigned to them. */
  assigneeOnly?: true;
  /**
   * The system takes it by itself once a case has sat this many hours in one of its `from` states; a function
   * when the hours are a setting the council changes (read by the job from the database).
   */
  afterHours?: number | ((database: any) => Promise<number>);
  /**
   * Count `afterHours` from the start (in India) of the day a field of the case's data names (`validUntil`,
   * 'YYYY-MM-DD'), instead of from the moment the case entered its state: a licence expires the day after its last.
   */
  afterDayOf?: string;
  /** Beside the rule; given the step's transaction, it may record what the step did and may be async. */
  effect?: (input: StepEffectInput) => EffectChanges | Promise<EffectChanges>;
  /** The citizen's message for this step: a key of the service's catalogue (see ServiceDeclaration.catalogue). */
  message?: string;
  /** The note of this step is always the citizen's to read (a reason they are owed). */
  publicNote?: true;
  /**
   * The step closes the case as a duplicate of another open case of the same service, named by its number in
   * the step's `original` field (the built-in requirement 'original', which it must also name): the kernel
   * records it on both timelines, makes the duplicate's citizen and followers followers of the original and
   * tells them (case-supporters.server.ts). Its `to` state should not be open.
   */
  merges?: true;
  /**
   * The service's own panel on the staff case page takes this step (it asks for what the common step form
   * cannot, e.g. a file for each named document), so the page shows no common form for it.
   */
  inPanel?: true;
  /**
   * How the case page draws the step's button: the workflow's way forward is the primary button (the default);
   * 'secondary' for a step aside (a send-back), 'danger' for a step that ends the case against the citizen (a
   * rejection), drawn as a destructive secondary action so that it never looks like the way on.
   */
  tone?: 'secondary' | 'danger';
}

/**
 * A message template, given the case number and the note the citizen may read (`subject` is given the state's
 * words instead). A catalogue may hold other texts of the feature beside them.
 */
export type Template = (number: string, note: string) => string;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a catalogue section holds texts of any shape
export type Catalogue = Record<string, (...args: any[]) => string>;

/**
 * `Req` is the names of the service's own requirements, read from `requirements`: a step may require only
 * those and the built-in ones, so a misspelt requirement fails the typecheck (defineService also refuses it).
 */
export interface ServiceDeclaration<State extends string, Action extends string, Req extends string = string, Provided extends string = never> {
  /** The service's key in the case table and the API (`grievance`, `trade-licence`). */
  name: string;
  title: Words;
  /** The case's word in refusals ('grievance', 'application'). */
  noun: string;
  states: Record<State, StateDeclaration>;
  initial: State;
  /** A step may also require what another feature provides the service (`Provided`: payments' 'payment' to one with a fee). */
  transitions: Record<Action, TransitionDeclaration<State, NoInfer<Req> | Provided>>;
  /**
   * A category's own hours for a state (a grievance type's SLA, a trade's inspection time), read when a case
   * enters a state that starts a due time; undefined keeps the state's hours.
   */
  categoryDueHours?: (database: any, categoryId: number, state: State) => Promise<number | undefined>;
  /** What lodging writes into the service data beyond the form's fields (the photos' ids, say), beside the rule. */
  lodgeEffect?: (input: EffectInput) => EffectChanges;
  /** What the audit log records of a lodged case beside its number, state and data (the old shape's fields, say). */
  auditView?: (record: { number: string; state: State; data: Readonly<Record<string, unknown>> }) => Record<string, unknown>;
  /** The audit log's name for its cases: 'case' unless the service kept another name before the kernel. */
  auditEntity?: string;
  /** Where a citizen opens a case (the link in their messages): /my/cases/{number} unless told. */
  citizenPath?: (number: string) => string;
  /** Where staff open a case (the link in overdue notices): /cases/{number} unless told. */
  staffPath?: (number: string) => string;
  /** Who may lodge a case: roles at a counter, and 'citizen'. */
  lodgedBy: readonly Party[];
  /** Every file sent with its cases is private (src/server/media.ts): an applicant's identity and premises papers. */
  privateFiles?: true;
  /** Staff roles that see and act only on cases assigned to them (field officers). */
  assigneeRoles?: readonly Role[];
  /** Citizens may say "me too" to its cases and follow them (case-supporters.server.ts): staff see how many did. */
  meToo?: true;
  /** The service is paid for (its `pay` step requires 'payment'): the fee and the receipt's words. */
  fee?: FeeDeclaration;
  /** Requirements of the service's own, and its wording of the built-in ones. */
  requirements?: Record<Req, Requirement>;
  requirementWords?: Partial<Record<'photo' | 'reason' | 'document', string>>;
  /**
   * The series its case numbers are taken from (src/lib/number-series.ts), named after the service, with a code
   * of its own: `<council's short name>-<code>-<lodged date in India>-<serial>`, like …-PGR-2026-11-23-000042.
   */
  series: NumberSeries & { shows: 'day' };
  /** The service data kept with a case, checked at lodging (the citizen's contact is not in it). */
  data: AnySchema;
  /** What anyone may see of a case: never its contact (the kernel does not even pass it), nor the data's private parts. */
  publicView: (record: PublicCase) => Record<string, unknown>;
  /**
   * The facts staff read of a case's service data on its page, labelled and formatted in the page's language.
   * Without it the page shows each data key as it is (a service whose data holds only plain words). Given the
   * database (typed loosely, as categoryDueHours is, to stay browser-safe) to name what the data holds by a
   * code, such as a trade type.
   */
  staffFacts?: (record: PublicCase, lang: Lang, database: any) => StaffFact[] | Promise<StaffFact[]>;
  /**
   * What a case is about, in one line of English, for the member of staff it is assigned to (their email names
   * it): given the database as staffFacts is. Without it the email names the service and number only.
   */
  summary?: (record: PublicCase, database: any) => string | Promise<string>;
  /**
   * The words of a timeline entry that is no step of the workflow but the service's own record of work on the
   * case (a verifier's verdict on one document), in the page's language; undefined leaves it to the kernel.
   */
  eventWords?: (event: { action: string; data: Readonly<Record<string, unknown>> }, lang: Lang) => string | undefined;
  /**
   * What the case's own citizen reads of its service data on their page (/my/cases/{number}): labelled and
   * formatted as staffFacts are, but only what the citizen gave or is owed. Without it the page lists the
   * public view's plain words.
   */
  citizenFacts?: (record: PublicCase, lang: Lang, database: any) => StaffFact[] | Promise<StaffFact[]>;
  /**
   * The steps the citizen takes on the service's own pages rather than on the kernel's (pay the fee, send a
   * replacement document, download the certificate), as links shown on their page for the case's state.
   */
  citizenSteps?: (record: PublicCase, lang: Lang) => CitizenStep[];
  /** A category's name in each language, for the citizen's list of cases (a grievance's type); batched over the list. */
  categoryNames?: (database: any, categoryIds: readonly number[]) => Promise<Map<number, Words>>;
  /**
   * The texts of the citizen's messages, per language: `subject` (number, state words) and the keys the
   * transitions name (and `lodge` for lodging); grievances point at src/i18n's catalogue.
   */
  catalogue: (lang: Lang) => Catalogue;
}

/**
 * A service paid for through payments: any service that declares its fee gets a payable thing of its own kind
 * (the service's name, referenced by the case's number), taken online or at the counter into the one receipt
 * series, and its `pay` step (by the system, requiring 'payment') is taken in the receipt's transaction.
 */
export interface FeeDeclaration {
  /** What is owed for a case, in whole paise, from what was lodged. */
  paise: (record: PublicCase) => number;
  /** The receipt's and its message's words for what was paid ('Trade licence fee'). */
  title: Words;
  /** What the receipt calls the case's number ('Application number'). */
  referenceName: Words;
  /** Where the payer lands back from the gateway: the service's own page for the transaction; else the citizen's page for the case. */
  returnPath?: (lang: Lang, transactionId: string) => string;
  /** In the transaction that cancels its receipt (a bounced cheque): undo what the pay step recorded beyond the case. */
  onCancelled?: (database: any, receiptId: number, at: string) => Promise<void>;
}

/** A step the citizen takes elsewhere: the words of its link and where it leads (a path on this site, English). */
export interface CitizenStep {
  key: string;
  label: string;
  path: string;
}

/** One labelled fact of a case for staff: `key` marks it in the page (data-fact), `label` and `value` are in the page's language. */
export interface StaffFact {
  key: string;
  label: string;
  value: string;
}

/** A case as the public may know it: no name, mobile, email or address. */
export interface PublicCase {
  number: string;
  service: string;
  state: string;
  wardId: number | null;
  categoryId: number | null;
  lodgedAt: string;
  dueAt: string | null;
  overdue: boolean;
  data: Readonly<Record<string, unknown>>;
}

/** The public fields of a stored case and nothing else (never its contact): what a service's views are given. */
export function publicCaseOf(found: PublicCase): PublicCase {
  const { number, service, state, wardId, categoryId, lodgedAt, dueAt, overdue, data } = found;
  return { number, service, state, wardId, categoryId, lodgedAt, dueAt, overdue, data };
}

/** A declaration with what the kernel derives from it. */
export interface Service<State extends string = string, Action extends string = string> extends ServiceDeclaration<State, Action> {
  workflow: Workflow<State, Action, Party, TransitionDeclaration<State>>;
  stateNames: readonly State[];
  openStates: readonly State[];
  isState: (value: unknown) => value is State;
  /** Why the party may not take the step on this case with this input, or null (403, then 409, then 400). */
  refusal: (request: StepRequest<State, Action>) => Refusal | null;
  /** The steps a party may take from a state, on a case assigned to them or not. */
  actionsFor: (party: Party, state: State, isAssignee: boolean) => Action[];
}

/** Any declared service, as the kernel handles them side by side. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each service narrows its own states and actions
export type AnyService = Service<any, any>;

export interface StepRequest<State extends string, Action extends string> {
  action: Action;
  party: Party;
  state: State;
  isAssignee: boolean;
  /** What each requirement's loader found, by the requirement's name. */
  context: Omit<RequirementContext, 'action' | 'loaded'> & { loaded?: Readonly<Record<string, unknown>> };
}

/** What the 'original' requirement loads: the case the step's `original` field names, and the step's own case. */
export interface OriginalCase {
  id: number;
  number: string;
  service: string;
  state: string;
  selfId: number;
}

/**
 * A merge's original: named (400), existing (400, as a typo is the likely cause), of the same service, not
 * the case itself, and open. A merged case is closed, so an original is never itself merged: no chain can loop.
 */
function originalRequirement(service: ServiceDeclaration<string, string>): Requirement {
  return {
    load: async (database: any, caseId, fields) => {
      const number = parseCaseNumber(fields.original);
      if (!number) return undefined;
      const row = await database.selectFrom('service_case').select(['id', 'number', 'service', 'state']).where('number', '=', number).executeTakeFirst();
      return row ? ({ ...row, selfId: caseId } satisfies OriginalCase) : null;
    },
    check: (c) => {
      const found = c.loaded as OriginalCase | null | undefined;
      if (found === undefined) return { status: 400, message: `Give the number of the original ${service.noun}.`, field: 'original' };
      if (found === null) return { status: 400, message: `No ${service.noun} has that number.`, field: 'original' };
      if (found.service !== service.name) return { status: 400, message: `The original must be a ${service.noun} too.`, field: 'original' };
      if (found.id === found.selfId) return { status: 400, message: `A ${service.noun} cannot be merged into itself.`, field: 'original' };
      if (!service.states[found.state]?.open) return { status: 409, message: `${found.number} is closed; merge into an open ${service.noun}.`, field: 'original' };
      return null;
    },
  };
}

const BUILT_IN: Record<string, (words: string | undefined) => Requirement> = {
  photo: (words) => ({ check: (c) => (c.photoCount > 0 ? null : { status: 400, message: words ?? 'Add at least one photo.', field: 'photos' }) }),
  reason: (words) => ({ check: (c) => (c.note.trim() !== '' ? null : { status: 400, message: words ?? REFUSAL.giveReason, field: 'note' }) }),
  document: (words) => ({ check: (c) => (c.documentCount > 0 ? null : { status: 400, message: words ?? 'Attach the document.', field: 'documents' }) }),
};

/** What other features provide to a service: payments' 'payment' (a valid receipt for the case) to one that declares a fee. */
function providedRequirement(service: ServiceDeclaration<string, string>, name: string): Requirement | undefined {
  return name === 'payment' && service.fee ? paymentRequirement : undefined;
}

/** A requirement by name: the service's own, else the kernel's built-in ones, else one another feature provides it. */
function requirementNamed<State extends string, Action extends string>(service: ServiceDeclaration<State, Action>, name: string): Requirement | undefined {
  if (name === 'original' && !service.requirements?.original) return originalRequirement(service as ServiceDeclaration<string, string>);
  return service.requirements?.[name] ?? BUILT_IN[name]?.(service.requirementWords?.[name as 'photo']) ?? providedRequirement(service as ServiceDeclaration<string, string>, name);
}

/** The requirements a transition names, resolved (defineService has refused a declaration naming one nobody provides). */
export function requirementsOf(service: ServiceDeclaration<string, string>, action: string): [string, Requirement][] {
  const names = service.transitions[action]?.requires ?? [];
  return names.map((name) => [name, requirementNamed(service, name)!]);
}

/** The requirements a declaration's transitions name that neither it nor the kernel provides, as `action: name`. */
export function unprovidedRequirements(service: ServiceDeclaration<string, string>): string[] {
  return Object.entries(service.transitions).flatMap(([action, rule]) => (rule.requires ?? []).filter((name) => !requirementNamed(service, name)).map((name) => `${action}: ${name}`));
}

/** The step payments take when a case's fee is paid. */
export const PAY_STEP = 'pay';

/**
 * A declared fee needs a `pay` step the system takes on the receipt, requiring 'payment' as payments provide
 * it (not a 'payment' of the service's own, which would let the step read something else as paid). What is
 * wrong, or null.
 */
export function feeMismatch(service: ServiceDeclaration<string, string>): string | null {
  if (!service.fee) return null;
  const pay = service.transitions[PAY_STEP];
  if (!pay || !pay.by.includes(SYSTEM) || !pay.requires?.includes('payment')) return `a service with a fee declares a '${PAY_STEP}' step by the system that requires 'payment'`;
  if (service.requirements?.payment) return `a service with a fee is paid through payments, not a 'payment' requirement of its own`;
  return null;
}

/** A service that declares a fee may require payments' 'payment' (for its `pay` step); any other may not. */
export function defineService<State extends string, Action extends string, Req extends string = never>(
  declaration: ServiceDeclaration<State, Action, Req, 'payment'> & { fee: FeeDeclaration },
): Service<State, Action>;
export function defineService<State extends string, Action extends string, Req extends string = never>(declaration: ServiceDeclaration<State, Action, Req>): Service<State, Action>;
export function defineService<State extends string, Action extends string, Req extends string = never>(declaration: ServiceDeclaration<State, Action, Req, string>): Service<State, Action> {
  const stateNames = Object.keys(declaration.states) as State[];
  if (!stateNames.includes(declaration.initial)) throw new Error(`${declaration.name}: the initial state is not declared`);
  for (const [action, rule] of Object.entries(declaration.transitions) as [Action, TransitionDeclaration<State>][]) {
    for (const state of [...rule.from, rule.to]) if (!stateNames.includes(state)) throw new Error(`${declaration.name}.${action}: unknown state ${state}`);
    if (rule.message && !declaration.catalogue('en')[rule.message]) throw new Error(`${declaration.name}.${action}: no message ${rule.message}`);
    if (rule.message && !declaration.catalogue('hi')[rule.message]) throw new Error(`${declaration.name}.${action}: no Hindi message ${rule.message}`);
  }
  // A step that names a requirement nobody provides would be refused at run time, to every case: refused here, at start.
  const unprovided = unprovidedRequirements(declaration as unknown as ServiceDeclaration<string, string>);
  if (unprovided.length > 0) throw new Error(`${declaration.name}: nothing provides the requirement ${unprovided.join(', ')}`);
  const feeWrong = feeMismatch(declaration as unknown as ServiceDeclaration<string, string>);
  if (feeWrong) throw new Error(`${declaration.name}: ${feeWrong}`);
  for (const [action, rule] of Object.entries(declaration.transitions) as [Action, TransitionDeclaration<State>][]) {
    if (rule.afterDayOf && rule.afterHours === undefined) throw new Error(`${declaration.name}.${action}: afterDayOf without afterHours`);
  }
  const workflow = defineWorkflow<State, Action, Party, TransitionDeclaration<State>>(declaration.transitions, {
    notYours: (rule) => `${rule.label}: your role may not do this.`,
    notFromHere: (rule, state) => `${rule.label}: not possible while the ${declaration.noun} is ${state}.`,
  });
  const assigneeBound = (rule: TransitionDeclaration<State>, party: Party) => Boolean(rule.assigneeOnly && (declaration.assigneeRoles as readonly Party[] | undefined)?.includes(party));
  return {
    ...declaration,
    workflow,
    stateNames,
    openStates: stateNames.filter((s) => declaration.states[s].open),
    isState: (value): value is State => typeof value === 'string' && stateNames.includes(value as State),
    actionsFor: (party, state, isAssignee) => workflow.actionsFor(party, state, (rule) => isAssignee || !assigneeBound(rule, party)),
    refusal: ({ action, party, state, isAssignee, context }) => {
      const rule = declaration.transitions[action];
      const notTheirs = workflow.partyRefusal(action, party);
      if (notTheirs) return notTheirs;
      if (assigneeBound(rule, party) && !isAssignee) return { status: 403, message: `${rule.label}: this ${declaration.noun} is not assigned to you.` };
      const wrongState = workflow.refusal(action, party, state);
      if (wrongState) return wrongState;
      for (const [name, requirement] of requirementsOf(declaration as ServiceDeclaration<string, string>, action)) {
        const refused = requirement.check({ ...context, action, loaded: context.loaded?.[name] });
        if (refused) return refused;
      }
      return null;
    },
  };
}

/** A case number as typed (trimmed, upper case), or null when it cannot be one. */
export const parseCaseNumber = parseDayNumber;

/** The end of a case number as staff type it to find a case ("41", "000041"): its six-digit serial, or null. */
export function parseCaseSerial(raw: unknown): string | null {
  const digits = String(raw ?? '').trim();
  return /^\d{1,6}$/.test(digits) && Number(digits) > 0 ? digits.padStart(6, '0') : null;
}

export function isOverdueIn(openStates: readonly string[], state: string, dueAt: string | null, now: number): boolean {
  return openStates.includes(state) && dueAt !== null && Date.parse(dueAt) < now;
}
