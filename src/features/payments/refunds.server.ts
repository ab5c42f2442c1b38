import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { runWrite } from '../../server/write-path';
import type { Actor } from '../../server/audit';
import { channelsFor, queueMessages } from '../../server/outbox';
import { COUNCIL } from '../../lib/council-placeholders';
import type { Gateway, Record_ } from './gateway';
import { gateway } from './gateway-choice.server';
import { rupees } from './money';
import { payableOf } from './payable';
import { refusalOf } from './razorpay';
import { findTransaction, recorder, type TransactionRow } from './transactions.server';
import { REFUNDABLE_STATES } from './transaction-workflow';
import { moveTransaction } from './transaction-move.server';

/**
 * Money the council holds and must give back: a payment the gateway captured for another amount than billed
 * (mismatch), or captured after its bill was paid or replaced (refund-due). An admin sees them all on
 * /payment-exceptions and refunds each through the gateway that took it. A refund is put to the gateway by one
 * person at a time (a claim on the transaction), every exchange is stored, the outcome is audited, and a
 * refund the gateway refuses or does not answer leaves the payment waiting, with the reason, to be tried again.
 */
export const REFUNDABLE = REFUNDABLE_STATES;

/**
 * A claim older than this is from a process that stopped while the gateway was being asked (a call ends within
 * PAYMENT_TIMEOUT_MS, 10 s by default, or twice that when the payment is looked up first): it may be tried again.
 */
const CLAIM_MS = 5 * 60_000;

export type RefundProblemCode = 'not-waiting' | 'already-refunded' | 'under-way' | 'no-gateway' | 'not-captured' | 'refused' | 'no-answer';

/** Why a refund did not happen, as a code the screen words in its language, and the gateway's own words. */
export class RefundProblem extends Error {
  constructor(
    readonly code: RefundProblemCode,
    readonly status: number,
    readonly detail = '',
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

const refundNote = (paise: number, actor: Actor) => `refunded ${paise} paise through the gateway by ${actor.email}`;

/** The payment to give back: as the gateway reported it when it was marked, or (rows marked before that was kept) as it reports it now. */
async function capturedPayment(g: Gateway, txn: NonNullable<TransactionRow>, record: Record_): Promise<{ paymentId: string; amountPaise: number }> {
  if (txn.gateway_payment_id && txn.paid_paise > 0) return { paymentId: txn.gateway_payment_id, amountPaise: txn.paid_paise };
  const answer = await g.fetchStatus({ transactionId: txn.public_id, orderId: txn.gateway_order_id }, record);
  if (answer.outcome !== 'paid') throw new RefundProblem('not-captured', 409, `the gateway reports the payment ${answer.outcome}`);
  return { paymentId: answer.paymentId, amountPaise: answer.amountPaise };
}

/** Refunds a mismatch or refund-due payment in full through its gateway. Throws RefundProblem when it did not happen. */
export async function refundPayment(publicId: string, actor: Actor, database: Db = db()): Promise<{ amountPaise: number }> {
  const txn = await findTransaction(publicId, database);
  if (!txn || !(REFUNDABLE as readonly string[]).includes(txn.state)) {
    throw new RefundProblem(txn?.state === 'refunded' ? 'already-refunded' : 'not-waiting', 409);
  }
  const g = gateway();
  if (!g || g.name !== txn.gateway || !g.refund || !txn.gateway_order_id) throw new RefundProblem('no-gateway', 409, txn.gateway);
  const refund = g.refund;

  // One person's press reaches the gateway: the claim is a conditional write, so two at once send one refund.
  const claimedAt = new Date(now()).toISOString();
  const claimed = await database
    .updateTable('payment_transaction')
    .set({ refund_claimed_at: claimedAt })
    .where('id', '=', txn.id)
    .where('state', 'in', [...REFUNDABLE])
    .where((eb) => eb.or([eb('refund_claimed_at', 'is', null), eb('refund_claimed_at', '<', new Date(now() - CLAIM_MS).toISOString())]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const after = await findTransaction(publicId, database);
    throw new RefundProblem(after?.state === 'refunded' ? 'already-refunded' : 'under-way', 409);
  }

  const { record, flush } = recorder();
  const outcomes: string[] = [];
  const noting: Record_ = (kind, request, response, outcome = '') => {
    if (kind === 'refund') outcomes.push(outcome);
    record(kind, request, response, outcome);
  };
  let paid: { paymentId: string; amountPaise: number } | null = null;
  let problem: RefundProblem | null = null;
  try {
    paid = await capturedPayment(g, txn, noting);
    await refund(paid, noting);
  } catch (err) {
    const message = (err as Error).message;
    if (err instanceof RefundProblem) problem = err;
    else if (outcomes.at(-1) === 'refused') problem = new RefundProblem('refused', 502, message);
    else problem = new RefundProblem('no-answer', 504, message);
    // What was asked and why it ended is stored even when the gateway never answered.
    if (paid && outcomes.length === 0) record('refund', `refund ${paid.amountPaise} paise of ${paid.paymentId}`, message, 'error');
  }

  const iso = new Date(now()).toISOString();
  await runWrite(
    {
      actor,
      entity: 'payment',
      table: 'payment_transaction',
      files: [],
      change: async (trx) => {
        await flush(trx, txn.id);
        const before = { transaction: txn.public_id, state: txn.state, paid_paise: txn.paid_paise, gateway_payment_id: txn.gateway_payment_id };
        if (problem || !paid) {
          await trx.updateTable('payment_transaction').set({ refund_claimed_at: null }).where('id', '=', txn.id).where('refund_claimed_at', '=', claimedAt).execute();
          return { result: null, audit: { action: 'update', recordId: txn.id, before, after: { ...before, refund: problem?.code ?? 'not-captured', detail: problem?.detail ?? '' } } };
        }
        const note = refundNote(paid.amountPaise, actor);
        await moveTransaction(trx, txn.id, 'refund', { refund_claimed_at: null, paid_paise: paid.amountPaise, gateway_payment_id: paid.paymentId, updated_at: iso, note }, { claimedAt });
        await tellThePayer(trx, txn, paid.amountPaise);
        return { result: null, audit: { action: 'update', recordId: txn.id, before, after: { ...before, state: 'refunded', paid_paise: paid.amountPaise, gateway_payment_id: paid.paymentId, note } } };
      },
    },
    database,
  );
  if (problem) throw problem;
  return { amountPaise: paid!.amountPaise };
}

/** The payer hears that the money is on its way back, in the language they paid in. */
async function tellThePayer(trx: Db, txn: NonNullable<TransactionRow>, amountPaise: number): Promise<void> {
  const bill = await trx.selectFrom('payment_bill').select(['kind', 'reference', 'payer_mobile', 'payer_email']).where('id', '=', txn.bill_id).executeTakeFirstOrThrow();
  const lang = txn.lang === 'hi' ? 'hi' : 'en';
  const title = payableOf(bill.kind).title[lang];
  const body =
    lang === 'hi'
      ? `${COUNCIL.name}: ${title} (${bill.reference}) के ₹${rupees(amountPaise)} के भुगतान की वापसी भुगतान गेटवे से कर दी गई है। बैंक इसे कुछ कार्य दिवसों में खाते में जमा करते हैं।`
      : `${COUNCIL.name}: your payment of ₹${rupees(amountPaise)} for ${title} (${bill.reference}) has been refunded through the payment gateway. Banks credit it within a few working days.`;
  const subject = lang === 'hi' ? 'भुगतान की वापसी' : 'Payment refunded';
  await queueMessages(
    trx,
    channelsFor({ mobile: bill.payer_mobile || undefined, email: bill.payer_email || undefined }).map((c) => ({ ...c, lang, subject, body, reference: txn.public_id })),
  );
}

export interface PaymentException {
  transactionId: string;
  state: 'mismatch' | 'refund-due' | 'refunded';
  kind: string;
  reference: string;
  description: string;
  payerName: string;
  payerMobile: string;
  billedPaise: number;
  paidPaise: number;
  gateway: string;
  orderId: string;
  paymentId: string;
  startedAt: string;
  updatedAt: string;
  /** A refund is with the gateway now (claimed within CLAIM_MS). */
  refundUnderWay: boolean;
  /** The last refund the gateway did not make: 'refused' or 'error' (no answer), with its words. */
  lastRefusal: { outcome: string; words: string; at: string } | null;
}

/** A stored refund exchange as people read it: the gateway's own description of a refusal, or why no answer came. */
function answerWords(outcome: string, response: string): string {
  if (outcome !== 'refused') return response.slice(0, 300);
  const [status, ...body] = response.split('\n');
  return refusalOf({ status: Number(status), text: body.join('\n') }).slice(0, 300);
}

/** Payments waiting for a refund, oldest first, and the latest refunded. */
export async function paymentExceptions(database: Db = db(), refundedShown = 20): Promise<{ waiting: PaymentException[]; refunded: PaymentException[] }> {
  const base = () =>
    database
      .selectFrom('payment_transaction')
      .innerJoin('payment_bill', 'payment_bill.id', 'payment_transaction.bill_id')
      .select([
        'payment_transaction.id', 'payment_transaction.public_id', 'payment_transaction.state', 'payment_transaction.amount_paise', 'payment_transaction.paid_paise',
        'payment_transaction.gateway', 'payment_transaction.gateway_order_id', 'payment_transaction.gateway_payment_id', 'payment_transaction.created_at',
        'payment_transaction.updated_at', 'payment_transaction.refund_claimed_at', 'payment_bill.kind', 'payment_bill.reference', 'payment_bill.description',
        'payment_bill.payer_name', 'payment_bill.payer_mobile',
      ]);
  const waiting = await base().where('payment_transaction.state', 'in', REFUNDABLE).orderBy('payment_transaction.created_at').orderBy('payment_transaction.id').execute();
  const refunded = await base().where('payment_transaction.state', '=', 'refunded').orderBy('payment_transaction.updated_at', 'desc').limit(refundedShown).execute();
  const ids = waiting.map((r) => r.id);
  const tries = ids.length === 0 ? [] : await database.selectFrom('payment_exchange').select(['transaction_id', 'outcome', 'response', 'at']).where('transaction_id', 'in', ids).where('kind', '=', 'refund').orderBy('id').execute();
  const lastTry = new Map(tries.map((t) => [t.transaction_id, t]));
  const claimFresh = new Date(now() - CLAIM_MS).toISOString();
  const shape = (r: (typeof waiting)[number]): PaymentException => {
    const last = lastTry.get(r.id);
    return {
      transactionId: r.public_id,
      state: r.state as PaymentException['state'],
      kind: r.kind,
      reference: r.reference,
      description: r.description,
      payerName: r.payer_name,
      payerMobile: r.payer_mobile,
      billedPaise: r.amount_paise,
      paidPaise: r.paid_paise,
      gateway: r.gateway,
      orderId: r.gateway_order_id,
      paymentId: r.gateway_payment_id,
      startedAt: r.created_at,
      updatedAt: r.updated_at,
      refundUnderWay: r.refund_claimed_at !== null && r.refund_claimed_at >= claimFresh,
      lastRefusal: last && last.outcome !== 'ok' ? { outcome: last.outcome, words: answerWords(last.outcome, last.response), at: last.at } : null,
    };
  };
  return { waiting: waiting.map(shape), refunded: refunded.map(shape) };
}

/** How many payments wait for a refund (the dashboard's count). */
export async function countWaitingRefunds(database: Db = db()): Promise<number> {
  const row = await database.selectFrom('payment_transaction').select((eb) => eb.fn.countAll<number>().as('n')).where('state', 'in', REFUNDABLE).executeTakeFirstOrThrow();
  return Number(row.n);
}
