import { db, type Db } from '../../server/db';
import { now } from '../../server/clock';
import { HttpError } from '../../server/http';
import { pathIn } from '../../i18n/lang';
import { isNumberOf } from '../../lib/number-series';
import { endOfIndianDay } from '../../lib/india-time';
import { findCase } from '../cases/case-queries.server';
import { takeStepWithin, type CaseActor } from '../cases/cases.server';
import { installedServices } from '../modules';
import { PAY_STEP, publicCaseOf, type AnyService } from '../cases/service';
import type { Payable } from './payable';

/**
 * A payable for each service on the case kernel that declares a fee: the kind is the service's name and the
 * reference the case's number. The fee comes from the declaration; when its receipt is written, the case takes
 * the service's `pay` step through the kernel in the same transaction (checked, audited and told to the citizen
 * as any step), and whatever else paying does (a licence issued) is that step's declared effect. So the walk of
 * a paid fee is payments → kernel → the service's effect, and the next paid service declares a fee, nothing more.
 */
const PAYMENTS_ACTOR: CaseActor = { party: 'system', userId: null, label: 'System' };

interface FeeDetails {
  feePaise: number;
}

const stateWords = (service: AnyService, state: string) => service.states[state]?.en ?? state;

export function casePayable(service: AnyService): Payable {
  const fee = service.fee!;
  const payFrom: readonly string[] = service.transitions[PAY_STEP].from;
  return {
    kind: service.name,
    title: fee.title,
    referenceName: fee.referenceName,
    async quote(trx, reference, request) {
      const found = await findCase(reference, now(), trx, [service]);
      if (!found || (!request.atCounter && found.contact.mobile !== request.mobile)) throw new HttpError(404, `No ${service.noun} has this number with this mobile number.`);
      if (!payFrom.includes(found.state)) throw new HttpError(409, `No fee is due on this ${service.noun} now: it is ${stateWords(service, found.state)}.`);
      const feePaise = fee.paise(publicCaseOf(found));
      if (!Number.isSafeInteger(feePaise) || feePaise <= 0) throw new HttpError(409, `No fee is set for this ${service.noun}.`);
      const details: FeeDetails = { feePaise };
      const endOfDay = new Date(endOfIndianDay(now()) - 1).toISOString();
      return {
        amountPaise: feePaise, description: `${fee.title.en} ${reference}`, details, validUntil: endOfDay,
        payer: { name: found.contact.name, mobile: found.contact.mobile, email: found.contact.email || undefined },
      };
    },
    async onPaid(trx, bill, receipt) {
      await takeStepWithin(trx, service, bill.reference, PAY_STEP, { fields: { receipt: receipt.number, receiptId: receipt.id } }, PAYMENTS_ACTOR);
    },
    async onCancelled(trx, receipt) {
      await fee.onCancelled?.(trx, receipt.id, new Date(now()).toISOString());
    },
    async receiptLines(database, receiptId, lang) {
      const paid = await database.selectFrom('payment_receipt').select(['reference', 'amount_paise']).where('id', '=', receiptId).executeTakeFirstOrThrow();
      return [{ label: `${fee.title[lang]} ${paid.reference}`, amountPaise: paid.amount_paise }];
    },
    returnPath: (lang, transactionId, reference) =>
      fee.returnPath?.(lang, transactionId) ?? pathIn(lang, service.citizenPath?.(reference) ?? `/my/cases/${encodeURIComponent(reference)}`),
    // The citizen is written to in the language the case was lodged in.
    payerLang: async (database, reference) => {
      const row = await database.selectFrom('service_case').select('lang').where('number', '=', reference).where('service', '=', service.name).executeTakeFirst();
      return row ? (row.lang === 'hi' ? 'hi' : 'en') : null;
    },
  };
}

/** The payables of the services that declare a fee, from a list of services (the installed ones, given at installation). */
export function casePayables(services: readonly AnyService[]): Payable[] {
  return services.filter((service) => service.fee).map(casePayable);
}

/** The service whose fee a case number is for, or undefined (not a case number, or a service that takes no fee). */
export function paidServiceOf(number: string, services: readonly AnyService[] = installedServices()): AnyService | undefined {
  return services.find((service) => service.fee && isNumberOf(service.series, number));
}

/**
 * A case as the counter finds it by its number: the service, the state, the fee, whether it may be paid now
 * and the receipts taken for it.
 */
export async function caseAtCounter(number: string, database: Db = db()) {
  const service = paidServiceOf(number);
  if (!service) return null;
  const found = await findCase(number, now(), database, [service]);
  if (!found) return null;
  const receipts = await database
    .selectFrom('payment_receipt')
    .select(['number', 'token', 'amount_paise', 'mode', 'state'])
    .where('kind', '=', service.name)
    .where('reference', '=', found.number)
    .orderBy('id')
    .execute();
  const view = service.publicView(publicCaseOf(found));
  return {
    service: service.name, title: service.title.en, noun: service.noun, number: found.number, state: found.state, stateWords: stateWords(service, found.state),
    holder: found.contact.name, feePaise: service.fee!.paise(publicCaseOf(found)), payable: (service.transitions[PAY_STEP].from as readonly string[]).includes(found.state),
    // What the public may know names it on the counter too (a trade's name, a licence issued).
    name: typeof view.tradeName === 'string' ? view.tradeName : null,
    licenceNumber: typeof view.licenceNumber === 'string' ? view.licenceNumber : null,
    receipts: receipts.map((r) => ({ number: r.number, token: r.token, amountPaise: r.amount_paise, mode: r.mode, state: r.state })),
  };
}

