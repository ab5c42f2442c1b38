/**
 * A workflow declared once: its steps, each from some states to one, taken by some parties. Every workflow
 * of the product (a content item's lifecycle, a grievance, each citizen service after it) is written as such
 * a table and read through these functions, so that they all refuse the same way: 403 when the step is not
 * the caller's to take, 409 when the record is not in a state the step starts from (someone moved it on, or
 * it was never possible), 400 only for missing or bad input, which each workflow checks for itself.
 * Browser-safe: the screens offer only the steps this allows.
 */
export interface StepRule<State extends string, Party extends string> {
  /** What the step is called on a button and in refusals. */
  label: string;
  from: readonly State[];
  to: State;
  by: readonly Party[];
}

export interface StepRefusal {
  status: 403 | 409;
  message: string;
}

/** How a workflow words its two refusals, in its own terms. */
export interface RefusalWords<State extends string, Party extends string, Rule extends StepRule<State, Party>> {
  notYours: (rule: Rule, party: Party) => string;
  notFromHere: (rule: Rule, state: State) => string;
}

export interface Workflow<State extends string, Action extends string, Party extends string, Rule extends StepRule<State, Party>> {
  steps: Readonly<Record<Action, Rule>>;
  /** Every step, in declaration order. */
  actions: readonly Action[];
  isAction: (value: unknown) => value is Action;
  /**
   * The steps a party may take from a state, in declaration order (the buttons a screen shows); `mayTake`
   * narrows further by what only the caller knows (an officer acts only on what is assigned to them).
   */
  actionsFor: (party: Party, state: State, mayTake?: (rule: Rule) => boolean) => Action[];
  /** Why the step is never the party's (403), or null: checked before a record is even read. */
  partyRefusal: (action: Action, party: Party) => StepRefusal | null;
  /** Why the party may not take the step now, or null when it may. */
  refusal: (action: Action, party: Party, state: State) => StepRefusal | null;
}

export function defineWorkflow<State extends string, Action extends string, Party extends string, Rule extends StepRule<State, Party>>(
  steps: Record<Action, Rule>,
  words: RefusalWords<State, Party, Rule>,
): Workflow<State, Action, Party, Rule> {
  const actions = Object.keys(steps) as Action[];
  const partyRefusal = (action: Action, party: Party): StepRefusal | null =>
    steps[action].by.includes(party) ? null : { status: 403, message: words.notYours(steps[action], party) };
  return {
    steps,
    actions,
    isAction: (value): value is Action => typeof value === 'string' && Object.hasOwn(steps, value),
    actionsFor: (party, state, mayTake = () => true) =>
      actions.filter((action) => steps[action].by.includes(party) && steps[action].from.includes(state) && mayTake(steps[action])),
    partyRefusal,
    refusal: (action, party, state) =>
      partyRefusal(action, party) ?? (steps[action].from.includes(state) ? null : { status: 409, message: words.notFromHere(steps[action], state) }),
  };
}
