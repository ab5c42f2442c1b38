import type { AstroGlobal } from 'astro';
import { HttpError, PUBLIC_TEXT_LIMIT, readFormBody } from '../../server/http';
import { messages } from '../../i18n/messages';
import { translatedRefusal } from '../../i18n/refusals';
import { clientAddress } from '../../server/request-origin';
import { gateway } from '../payments/gateway-choice.server';
import { paiseFromRupees } from '../payments/money';
import type { NextStep } from '../payments/gateway';
import { startPayment } from '../payments/transactions.server';
import { headNames, lookUpProperty, parseMobile, parsePropertyNumber, statementOf, PROPERTY_TAX, type HeadName, type Statement } from './property-tax.server';

/**
 * What /viewpropertytax and /paypropertytax do with a posted form: find the property by number and mobile
 * (one answer for any mismatch), or start paying it and hand the payer to the gateway. Refusals come back
 * in the page's language, with everything typed kept.
 */
export interface TaxPageState {
  number: string;
  mobile: string;
  amountText: string;
  statement: Statement | null;
  heads: Map<string, HeadName>;
  errors: Record<string, string>;
  failure: string | null;
  next: NextStep | null;
  canPay: boolean;
}

export async function taxPage(Astro: AstroGlobal): Promise<TaxPageState> {
  const t = messages(Astro.locals.lang).propertyTax;
  const state: TaxPageState = { number: '', mobile: '', amountText: '', statement: null, heads: new Map(), errors: {}, failure: null, next: null, canPay: gateway() !== null };
  if (Astro.request.method === 'GET') {
    state.number = (Astro.url.searchParams.get('number') ?? '').trim().slice(0, 40);
    return state;
  }
  if (Astro.request.method !== 'POST') return state;
  try {
    const form = await readFormBody(Astro.request, PUBLIC_TEXT_LIMIT);
    state.number = String(form.get('number') ?? '').trim().slice(0, 40);
    state.mobile = String(form.get('mobile') ?? '').trim().slice(0, 20);
    state.amountText = String(form.get('amount') ?? '').trim().slice(0, 14);
    if (!parsePropertyNumber(state.number)) state.errors.number = t.badNumber;
    if (!parseMobile(state.mobile)) state.errors.mobile = t.badMobile;
    if (Object.keys(state.errors).length > 0) {
      Astro.response.status = 400;
      return state;
    }
    const property = await lookUpProperty(state.number, state.mobile, clientAddress(Astro));
    if (!property) {
      state.failure = t.notFound;
      Astro.response.status = 404;
      return state;
    }
    state.heads = await headNames();
    state.statement = await statementOf(property);
    if (String(form.get('action')) !== 'pay') return state;
    let amountPaise: number | undefined;
    if (form.get('part') && !form.get('whole')) {
      const typed = paiseFromRupees(state.amountText);
      if (typed === null) {
        state.errors.amount = t.badAmount;
        Astro.response.status = 400;
        return state;
      }
      amountPaise = typed;
    }
    const started = await startPayment({ kind: PROPERTY_TAX, reference: property.number, request: { mobile: state.mobile, amountPaise }, lang: Astro.locals.lang });
    state.next = started.next;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    Astro.response.status = err.status;
    if (err.errors?.amount) state.errors.amount = t.badAmount;
    else state.failure = err.status === 404 ? t.notFound : err.status === 409 ? t.inProgress : err.status === 503 ? t.offline : err.status === 502 ? t.gatewayDown : translatedRefusal(Astro.locals.lang, err.message) ?? err.message;
  }
  return state;
}
