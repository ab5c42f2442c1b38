import { randomBytes } from 'node:crypto';
import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { siteOrigin } from '../../server/config';
import { runWrite } from '../../server/write-path';
import type { Lang } from '../../i18n/lang';
import type { NextStep, Record_, StatusAnswer } from './gateway';
import { gateway } from './gateway-choice.server';
import { payableOf, type BillRequest } from './payable';
import { BillAlreadyPaid, issueReceipt } from './receipts.server';
import { fromStates, LIVE_STATES } from './transaction-workflow';
import { moveTransaction } from './transaction-move.server';

/**
 * A payment's life is declared in transaction-workflow.ts (states and moves as data; docs/payments.md has the
 * diagram), and every move below is one of its steps through `moveTransaction`.
 *
 * Only the gateway's status fetched server to server moves a transaction to success; a callback or webhook is
 * only the occasion to ask. Each move is a conditional update from the states it may leave, so a second
 * callback, a webhook and the reconciliation job racing each other issue one receipt between them.
 */
const LIVE = LIVE_STATES;
const SYSTEM = { id: null, email: 'payments' };

export type TransactionRow = Awaited<ReturnType<typeof findTransaction>>;

export async function findTransaction(publicId: string, database: Db = db()) {
  if (!/^T[A-Za-z0-9_-]{10,40}$/.test(publicId)) return undefined;
  return database.selectFrom('payment_transaction').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** Keeps what was said to and by the gateway: every exchange of one transaction. */
export function recorder(): { record: Record_; flush: (database: Db, transactionId: number) => Promise<void> } {
  const kept: { kind: string; request: string; response: string; outcome: string; at: string }[] = [];
  return {
    record: (kind, request, response, outcome = '') => kept.push({ kind, request, response, outcome, at: new Date(now()).toISOString() }),
    flush: async (database, transactionId) => {
      if (kept.length === 0) return;
      await database.insertInto('payment_exchange').values(kept.map((e) => ({ ...e, transaction_id: transactionId }))).execute();
      kept.length = 0;
    },
  };
}

export interface Started {
  transactionId: string;
  amountPaise: number;
  next: NextStep;
}

/**
 * How long a step waited for the gateway's servers (its order, its status): not our own work, and a step's
 * answer says it apart in its Server-Timing header (http.ts), for whoever measures our part of a payment.
 */
export interface GatewayWait {
  ms: number;
}

async function waitingFor<T>(wait: GatewayWait | undefined, ask: () => Promise<T>): Promise<T> {
  const from = performance.now();
  try {
    return await ask();
  } finally {
    if (wait) wait.ms += performance.now() - from;
  }
}

const newPublicId = () => `T${randomBytes(15).toString('base64url')}`;

/**
 * Starts paying what a payable thing owes now: a bill (one open per payable thing), a live transaction (one
 * per bill), the gateway's order. A payer who already has a live transaction for the same amount is sent to
 * it again; one whose earlier payment may still be under way is told to wait.
 */
export async function startPayment(input: { kind: string; reference: string; request: BillRequest; lang: Lang }, database: Db = db(), wait?: GatewayWait): Promise<Started> {
  const g = gateway();
  if (!g) throw new HttpError(503, 'Online payment is not available. Please pay at the council office.');
  const payable = payableOf(input.kind);
  const openKey = `${input.kind}|${input.reference}`;

  // A live transaction for this payable thing first asks its gateway where it stands.
  const live = await database
    .selectFrom('payment_transaction')
    .innerJoin('payment_bill', 'payment_bill.id', 'payment_transaction.live_bill_id')
    .select(['payment_transaction.public_id'])
    .where('payment_bill.open_key', '=', openKey)
    .executeTakeFirst();
  if (live) {
    await settleTransaction(live.public_id, database, { wait });
    const after = await findTransaction(live.public_id, database);
    if (after && after.live_bill_id !== null) {
      const quote = await database.transaction().execute((trx) => payable.quote(trx, input.reference, input.request));
      if (after.state === 'created' && after.next_json && quote.amountPaise === after.amount_paise) {
        return { transactionId: after.public_id, amountPaise: after.amount_paise, next: JSON.parse(after.next_json) as NextStep };
      }
      throw new HttpError(409, 'A payment for this is already under way. Please wait a few minutes and look again.');
    }
  }
  // A payer trying again after a failure: the failed try may have been captured since (the bank confirmed it
  // late), so it is asked about before its bill is replaced, and receipted rather than paid for twice.
  const failedTry = await database
    .selectFrom('payment_transaction')
    .innerJoin('payment_bill', 'payment_bill.id', 'payment_transaction.bill_id')
    .select(['payment_transaction.public_id'])
    .where('payment_bill.open_key', '=', openKey)
    .where('payment_transaction.state', '=', 'failed')
    .executeTakeFirst();
  if (failedTry) await settleTransaction(failedTry.public_id, database, { wait, failedToo: true });

  const at = now();
  const created = await runWrite(
    {
      actor: SYSTEM,
      entity: 'payment',
      table: 'payment_transaction',
      files: [],
      change: async (trx) => {
        const quote = await payable.quote(trx, input.reference, input.request);
        if (quote.amountPaise <= 0) throw new HttpError(409, 'Nothing is due.');
        // An open bill with no live transaction is out of date (the amount moves daily): it gives way.
        const stale = await trx.selectFrom('payment_bill').select('id').where('open_key', '=', openKey).executeTakeFirst();
        if (stale) {
          const busy = await trx.selectFrom('payment_transaction').select('id').where('live_bill_id', '=', stale.id).executeTakeFirst();
          if (busy) throw new HttpError(409, 'A payment for this is already under way. Please wait a few minutes and look again.');
          const replaced = await trx.updateTable('payment_bill').set({ state: 'cancelled', open_key: null }).where('id', '=', stale.id).where('state', '=', 'open').executeTakeFirst();
          // A failed try's bill may be paid at this moment by its late capture: then the amount just quoted is out of date.
          if (Number(replaced.numUpdatedRows) !== 1) throw new HttpError(409, 'A payment for this is already under way. Please wait a few minutes and look again.');
        }
        const iso = new Date(at).toISOString();
        const bill = await trx
          .insertInto('payment_bill')
          .values({
            kind: input.kind,
            reference: input.reference,
            description: quote.description,
            amount_paise: quote.amountPaise,
            payer_name: quote.payer.name,
            payer_mobile: quote.payer.mobile,
            payer_email: quote.payer.email ?? '',
            lang: input.lang,
            state: 'open',
            open_key: openKey,
            details_json: JSON.stringify(quote.details),
            created_at: iso,
            valid_until: quote.validUntil,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const publicId = newPublicId();
        const txn = await trx
          .insertInto('payment_transaction')
          .values({ public_id: publicId, bill_id: bill.id, gateway: g.name, amount_paise: quote.amountPaise, state: 'created', live_bill_id: bill.id, lang: input.lang, created_at: iso, updated_at: iso, checked_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        return {
          result: { id: txn.id, publicId, billId: bill.id, quote },
          audit: { action: 'create', recordId: txn.id, before: null, after: { transaction: publicId, kind: input.kind, reference: input.reference, amount_paise: quote.amountPaise } },
        };
      },
    },
    database,
  ).catch((err) => {
    if (err instanceof HttpError) throw err;
    // Two payers starting at once: the open bill's unique key lets one through.
    if (/unique|duplicate/i.test(String((err as Error).message))) throw new HttpError(409, 'A payment for this is already under way. Please wait a few minutes and look again.');
    throw err;
  });

  const { record, flush } = recorder();
  try {
    const callbackUrl = `${siteOrigin()}/payments/return?txn=${created.publicId}`;
    const { orderId, next } = await waitingFor(wait, () =>
      g.start({ transactionId: created.publicId, amountPaise: created.quote.amountPaise, description: created.quote.description, payer: created.quote.payer, callbackUrl }, record),
    );
    // What was said to the gateway and the order it gave commit together: one commit, one turn at the write lock.
    await database.transaction().execute(async (trx) => {
      await flush(trx, created.id);
      await trx.updateTable('payment_transaction').set({ gateway_order_id: orderId, next_json: JSON.stringify(next), updated_at: new Date(now()).toISOString() }).where('id', '=', created.id).execute();
    });
    return { transactionId: created.publicId, amountPaise: created.quote.amountPaise, next };
  } catch (err) {
    await database.transaction().execute(async (trx) => {
      await flush(trx, created.id);
      await endWithout(trx, created.id, `the gateway did not take the order: ${(err as Error).message}`);
    });
    throw new HttpError(502, 'The payment gateway did not answer. Nothing was charged; please try again.');
  }
}

/** Ends a live transaction without a receipt (the workflow's `fail`): it frees the bill for another try. */
async function endWithout(database: Db, id: number, note: string): Promise<boolean> {
  const iso = new Date(now()).toISOString();
  return moveTransaction(database, id, 'fail', { live_bill_id: null, note, updated_at: iso, checked_at: iso });
}

/** How long an order may sit at the gateway untouched before it is given up. */
export const ABANDON_AFTER_MS = 60 * 60_000;

/**
 * A failed transaction may still be captured (the workflow's `capture` and `mismatch` leave 'failed' too): the
 * bank confirms late, or the payer tries again on the same order. Moves only go forward: nothing paid is ever
 * marked failed.
 */
const CAPTURED_LATE_FROM = fromStates('capture').filter((state) => !LIVE.includes(state));

/** How a transaction may be asked about: a live one always; a failed one only on a signed word from the gateway or by the job. */
export interface SettleStep {
  known?: NonNullable<TransactionRow>;
  wait?: GatewayWait;
  /** Ask about it even when it has failed: a signed callback or webhook came, or the reconciliation job asks. */
  failedToo?: boolean;
}

/**
 * The questions about one transaction under way in this process: the same callback or webhook arriving many
 * times at once (a replay, a gateway retrying) asks the gateway once, and every arrival answers with its outcome.
 */
const asking = new WeakMap<Db, Map<string, Promise<string>>>();

/**
 * Asks the gateway where a transaction stands and acts on the answer: a receipt when it is paid the billed
 * amount on a bill still open, refund-due when its bill was paid or replaced meanwhile, mismatch when the
 * amount differs, and nothing else from anything else. Safe to call any number of times, from anywhere, at once.
 */
export async function settleTransaction(publicId: string, database: Db = db(), step: SettleStep = {}): Promise<string> {
  const txn = step.known ?? (await findTransaction(publicId, database));
  if (!txn) return 'unknown';
  const live = (LIVE as readonly string[]).includes(txn.state);
  if (!live && !(CAPTURED_LATE_FROM.includes(txn.state as never) && step.failedToo)) return txn.state;
  const key = `${txn.public_id}|${live ? 'live' : 'failed'}`;
  const running = asking.get(database) ?? new Map<string, Promise<string>>();
  asking.set(database, running);
  const already = running.get(key);
  // Waiting for another arrival's question is waiting for the gateway too (and for that arrival's write).
  if (already) return waitingFor(step.wait, () => already);
  const question = askAndAct(txn, live, database, step.wait).finally(() => running.delete(key));
  running.set(key, question);
  return question;
}

async function askAndAct(txn: NonNullable<TransactionRow>, live: boolean, database: Db, wait: GatewayWait | undefined): Promise<string> {
  const g = gateway();
  const at = now();
  if (!g || g.name !== txn.gateway || !txn.gateway_order_id) {
    if (live && at - Date.parse(txn.created_at) > ABANDON_AFTER_MS) await endWithout(database, txn.id, 'no order at the gateway');
    return (await findTransaction(txn.public_id, database))!.state;
  }
  const { record, flush } = recorder();
  let answer: StatusAnswer | null = null;
  try {
    answer = await waitingFor(wait, () => g.fetchStatus({ transactionId: txn.public_id, orderId: txn.gateway_order_id! }, record));
  } catch {
    answer = null;
  }
  // The gateway's answer is stored in the same transaction as what it leads to.
  const iso = new Date(at).toISOString();
  if (answer && answer.outcome === 'paid' && answer.amountPaise === txn.amount_paise) {
    await receiptFor(database, txn.id, txn.bill_id, answer, at, (trx) => flush(trx, txn.id));
  } else if (answer && answer.outcome === 'paid') {
    await database.transaction().execute(async (trx) => {
      await flush(trx, txn.id);
      await moveTransaction(trx, txn.id, 'mismatch', {
        live_bill_id: null, gateway_payment_id: answer.paymentId, paid_paise: answer.amountPaise, checked_at: iso, updated_at: iso,
        note: `the gateway reports ${answer.amountPaise} paise paid against ${txn.amount_paise} billed: refund it`,
      });
    });
  } else {
    await database.transaction().execute(async (trx) => {
      await flush(trx, txn.id);
      if (!live) {
        // Still not paid: the job asks again while the gateway may yet capture it.
        await trx.updateTable('payment_transaction').set({ checked_at: iso }).where('id', '=', txn.id).where('state', 'in', CAPTURED_LATE_FROM).execute();
      } else if (!answer || answer.outcome === 'pending') {
        await moveTransaction(trx, txn.id, 'wait', { checked_at: iso, updated_at: iso });
      } else if (answer.outcome === 'not-attempted') {
        if (at - Date.parse(txn.created_at) > ABANDON_AFTER_MS) await endWithout(trx, txn.id, 'never attempted at the gateway');
        else await trx.updateTable('payment_transaction').set({ checked_at: iso }).where('id', '=', txn.id).execute();
      } else {
        await endWithout(trx, txn.id, 'the gateway reports the payment failed');
      }
    });
  }
  return (await findTransaction(txn.public_id, database))!.state;
}

/**
 * The gateway says the billed amount was paid: a receipt on the transaction's own bill while it is open. A bill
 * already paid (at the counter, by another try) or replaced by a newer one (the payer started again after a
 * failure) gets no second receipt: the money is owed back (refund-due).
 */
async function receiptFor(database: Db, id: number, billId: number, answer: StatusAnswer, at: number, recordExchanges: (trx: Db) => Promise<void>): Promise<void> {
  await runWrite({ actor: SYSTEM, entity: 'payment', table: 'payment_receipt', files: [], change: async (trx) => {
    await recordExchanges(trx);
    const iso = new Date(at).toISOString();
    const moved = await moveTransaction(trx, id, 'capture', { live_bill_id: null, gateway_payment_id: answer.paymentId, paid_paise: answer.amountPaise, checked_at: iso, updated_at: iso });
    if (!moved) return { result: null, audit: null }; // settled meanwhile
    try {
      const receipt = await issueReceipt(trx, { billId, mode: 'online', amountPaise: answer.amountPaise, paidAt: at, transactionId: id, instrument: answer.paymentId });
      return { result: null, audit: { action: 'create', recordId: receipt.id, before: null, after: { receipt: receipt.number, transaction: id, amount_paise: answer.amountPaise } } };
    } catch (err) {
      if (!(err instanceof BillAlreadyPaid)) throw err;
      // Read now, not before: another transaction may have paid or replaced the bill since this one began.
      const bill = await trx.selectFrom('payment_bill').select('state').where('id', '=', billId).executeTakeFirstOrThrow();
      const note = `paid after the bill was ${bill.state === 'paid' ? 'paid another way' : 'replaced by a newer one'}: refund it`;
      await moveTransaction(trx, id, 'owedBack', { note });
      return { result: null, audit: { action: 'update', recordId: id, before: null, after: { transaction: id, state: 'refund-due', note } } };
    }
  } }, database);
}

/**
 * The payer's browser back from the gateway, with the gateway's fields. The callback is stored as received;
 * its signature decides only whether we ask the gateway now (a forged one is not worth a question: the
 * reconciliation job asks in its own time). The payer lands on the service's page either way.
 */
export async function handleCallback(publicId: string, fields: Record<string, string>, database: Db = db(), wait?: GatewayWait): Promise<{ location: string; accepted: boolean } | null> {
  const txn = await findTransaction(publicId, database);
  if (!txn) return null;
  const g = gateway();
  const bill = await database.selectFrom('payment_bill').select(['kind', 'reference']).where('id', '=', txn.bill_id).executeTakeFirstOrThrow();
  const location = payableOf(bill.kind).returnPath(txn.lang, txn.public_id, bill.reference);
  const reading = g && g.name === txn.gateway ? g.readCallback(fields) : { orderId: '', paymentId: '', signatureValid: false };
  const sameOrder = reading.orderId === '' || reading.orderId === txn.gateway_order_id;
  const signed = Boolean(fields.razorpay_signature ?? fields.msg ?? fields.responseparameter);
  const outcome = !sameOrder ? 'another order' : reading.signatureValid ? 'signature valid' : signed ? 'signature invalid' : 'unsigned (failure or cancel)';
  await database
    .insertInto('payment_exchange')
    .values({ transaction_id: txn.id, at: new Date(now()).toISOString(), kind: 'callback', request: JSON.stringify(fields).slice(0, 8000), response: '', outcome })
    .execute();
  const accepted = sameOrder && (reading.signatureValid || !signed);
  // A failed payment is asked about again only on the gateway's signed word that it was paid after all.
  if (accepted) await settleTransaction(publicId, database, { known: txn, wait, failedToo: reading.signatureValid });
  return { location, accepted };
}

/** A gateway's webhook, over its raw body: a valid one is, like a callback, the occasion to ask the gateway. */
export async function handleWebhook(rawBody: string, headers: Headers, database: Db = db()): Promise<boolean> {
  const g = gateway();
  const reading = g?.readWebhook?.(rawBody, headers);
  if (!g || !reading) return false;
  const txn = await database.selectFrom('payment_transaction').select(['id', 'public_id']).where('gateway', '=', g.name).where('gateway_order_id', '=', reading.orderId).executeTakeFirst();
  if (!txn) return true; // not ours to act on, but a genuine webhook: acknowledge it so the gateway stops sending
  await database
    .insertInto('payment_exchange')
    .values({ transaction_id: txn.id, at: new Date(now()).toISOString(), kind: 'webhook', request: rawBody.slice(0, 8000), response: '', outcome: 'signature valid' })
    .execute();
  // Signed by the gateway: about a failed payment too (a capture the gateway first reported failed).
  await settleTransaction(txn.public_id, database, { failedToo: true });
  return true;
}

/**
 * A payer looking again at a payment left pending (the gateway had not confirmed it, or did not answer) has
 * the gateway asked again, at most this often, so that someone whose money was taken sees the receipt as soon
 * as the gateway knows, without waiting for the reconciliation job. The job still settles the ones nobody looks at.
 */
const RECHECK_ON_LOOK_MS = 10_000;

/** A transaction as its payer may see it (by its secret id): state, amount and, once paid, the receipt. */
export async function transactionView(publicId: string, database: Db = db()) {
  let txn = await findTransaction(publicId, database);
  if (!txn) return null;
  if (txn.state === 'pending' && now() - Date.parse(txn.checked_at ?? txn.updated_at) >= RECHECK_ON_LOOK_MS) {
    await settleTransaction(publicId, database);
    txn = (await findTransaction(publicId, database))!;
  }
  const bill = await database.selectFrom('payment_bill').select(['kind', 'reference', 'description']).where('id', '=', txn.bill_id).executeTakeFirstOrThrow();
  const receipt = await database.selectFrom('payment_receipt').select(['number', 'token', 'state', 'paid_at']).where('transaction_id', '=', txn.id).executeTakeFirst();
  return {
    transactionId: txn.public_id,
    state: txn.state,
    amountPaise: txn.amount_paise,
    kind: bill.kind,
    reference: bill.reference,
    description: bill.description,
    lang: txn.lang,
    receipt: receipt ? { number: receipt.number, state: receipt.state, paidAt: receipt.paid_at, pdf: `/receipt/${receipt.token}.pdf` } : null,
  };
}
