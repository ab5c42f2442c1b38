import { defineWorkflow, type StepRule } from '../../lib/workflow';

/**
 * A payment transaction's life, declared as data: its states and the moves between them, each by whom. The
 * code moves a transaction only through `move` (transactions.server.ts, refunds.server.ts), a conditional
 * update from the step's `from` states, so of a callback, a webhook and the reconciliation job racing each
 * other one moves it and the others find it moved. What the declaration holds (checked by
 * tests/unit/transaction-workflow.test.ts):
 * - only the gateway's status, fetched server to server, captures: `capture`, `mismatch`;
 * - a failed payment may still be captured late (the bank confirms late, the payer retries the same order);
 * - nothing paid is ever marked failed, pending or open again: from success, mismatch, refund-due and refunded
 *   the only moves are the ones that owe or return the money;
 * - money taken for a bill paid or replaced meanwhile is owed back (`owedBack`, in the receipt's transaction);
 * - only an admin refunds, and only what is owed back.
 */
export const TRANSACTION_STATES = ['created', 'pending', 'success', 'failed', 'mismatch', 'refund-due', 'refunded'] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** Who moves a transaction: the gateway's own word on its status, the clock (an order never attempted), an admin. */
export type TransactionParty = 'gateway' | 'clock' | 'admin';

type Rule = StepRule<TransactionState, TransactionParty>;

const STEPS = {
  /** The gateway has not confirmed yet, or did not answer: ask again later. */
  wait: { label: 'Wait for the gateway', from: ['created', 'pending'], to: 'pending', by: ['gateway'] },
  /** The billed amount paid, on a bill still open: the receipt is written in the same transaction. */
  capture: { label: 'Captured', from: ['created', 'pending', 'failed'], to: 'success', by: ['gateway'] },
  /** Paid, but not the billed amount: no receipt, the money goes back. */
  mismatch: { label: 'Paid another amount', from: ['created', 'pending', 'failed'], to: 'mismatch', by: ['gateway'] },
  /** Captured for a bill that was paid another way or replaced meanwhile: no second receipt, the money goes back. */
  owedBack: { label: 'Paid after the bill was settled', from: ['success'], to: 'refund-due', by: ['gateway'] },
  /** The gateway says it failed, the order could not be made, or nobody tried it within the hour: the bill is free again. */
  fail: { label: 'Failed', from: ['created', 'pending'], to: 'failed', by: ['gateway', 'clock'] },
  /** An admin returns the money through the gateway (refunds.server.ts). */
  refund: { label: 'Refunded', from: ['mismatch', 'refund-due'], to: 'refunded', by: ['admin'] },
} satisfies Record<string, Rule>;

export type TransactionStep = keyof typeof STEPS;

export const TRANSACTION_WORKFLOW = defineWorkflow<TransactionState, TransactionStep, TransactionParty, Rule>(STEPS, {
  notYours: (rule, party) => `${rule.label}: not for ${party} to do.`,
  notFromHere: (rule, state) => `${rule.label}: not possible while the payment is ${state}.`,
});

/** The states a step moves a transaction from. */
export const fromStates = (step: TransactionStep): readonly TransactionState[] => STEPS[step].from;

/** A transaction under way: the gateway may still say anything of it. */
export const LIVE_STATES = fromStates('wait');

/** Money owed back to the payer, waiting for an admin's refund. */
export const REFUNDABLE_STATES = fromStates('refund');

/** Every state named by a step is declared, and every declared state is reached or started from. */
export function undeclaredStates(): string[] {
  const named = Object.values(STEPS).flatMap((rule) => [...rule.from, rule.to]);
  return [...new Set(named)].filter((state) => !(TRANSACTION_STATES as readonly string[]).includes(state));
}
