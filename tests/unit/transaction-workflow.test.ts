import { describe, expect, it } from 'vitest';
import { fromStates, LIVE_STATES, REFUNDABLE_STATES, TRANSACTION_STATES, TRANSACTION_WORKFLOW, undeclaredStates, type TransactionState } from '../../src/features/payments/transaction-workflow';

/**
 * A payment transaction's states and moves are data (transaction-workflow.ts); what the money rules need of
 * that data is held here, so that a step added or widened there cannot quietly break one of them.
 */
const steps = Object.entries(TRANSACTION_WORKFLOW.steps);
const PAID: readonly TransactionState[] = ['success', 'mismatch', 'refund-due', 'refunded'];

describe("a payment transaction's declared workflow", () => {
  it('names only declared states, and reaches every one of them from a new transaction', () => {
    expect(undeclaredStates()).toEqual([]);
    const reached = new Set<string>(['created']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [, rule] of steps) if (rule.from.some((s) => reached.has(s)) && !reached.has(rule.to)) (reached.add(rule.to), (grew = true));
    }
    expect([...reached].sort()).toEqual([...TRANSACTION_STATES].sort());
  });

  it('never marks money taken as failed, pending or open again: from a paid state only owing back and refunding lead on', () => {
    for (const [action, rule] of steps) {
      if (rule.from.some((s) => PAID.includes(s))) expect(PAID.includes(rule.to), `${action} leads ${rule.from.join('/')} to ${rule.to}`).toBe(true);
    }
  });

  it('lets a failed payment be captured late, for the billed amount or another, and by the gateway alone', () => {
    expect(fromStates('capture')).toContain('failed');
    expect(fromStates('mismatch')).toContain('failed');
    for (const action of ['capture', 'mismatch', 'owedBack'] as const) expect(TRANSACTION_WORKFLOW.steps[action].by).toEqual(['gateway']);
    expect(TRANSACTION_WORKFLOW.refusal('capture', 'admin', 'pending')).toMatchObject({ status: 403 });
  });

  it('owes back a capture on a bill settled meanwhile, and refunds, by an admin, only what is owed back', () => {
    expect(TRANSACTION_WORKFLOW.steps.owedBack).toMatchObject({ from: ['success'], to: 'refund-due' });
    expect([...REFUNDABLE_STATES].sort()).toEqual(['mismatch', 'refund-due']);
    expect(steps.filter(([, rule]) => rule.to === 'refunded').map(([action, rule]) => [action, rule.by])).toEqual([['refund', ['admin']]]);
    expect(TRANSACTION_WORKFLOW.refusal('refund', 'admin', 'success')).toMatchObject({ status: 409 });
  });

  it('keeps a transaction live while the gateway may still say anything of it', () => {
    expect([...LIVE_STATES].sort()).toEqual(['created', 'pending']);
    expect(TRANSACTION_WORKFLOW.actionsFor('clock', 'pending')).toEqual(['fail']);
  });
});
