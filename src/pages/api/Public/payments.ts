import { endpoint, HttpError, json, PUBLIC_TEXT_LIMIT, readJsonBody, serverTiming } from '../../../server/http';
import { startPayment } from '../../../features/payments/transactions.server';
import { lookUpProperty } from '../../../features/property-tax/property-tax.server';
import { clientAddress } from '../../../server/request-origin';

/**
 * POST /api/Public/payments {kind: 'property-tax', reference, mobile, amountPaise?, lang?}: starts paying what
 * is due; answers the transaction id and where the payer goes next (a URL, or a form to post).
 */
export const POST = endpoint(async (context) => {
  const { request } = context;
  const body = await readJsonBody(request, PUBLIC_TEXT_LIMIT);
  const kind = String(body.kind ?? 'property-tax');
  if (kind !== 'property-tax') throw new HttpError(400, 'kind must be property-tax.', { kind: 'unknown' });
  const reference = String(body.reference ?? '').slice(0, 40);
  const mobile = String(body.mobile ?? '').slice(0, 20);
  if (!reference) throw new HttpError(400, 'reference (the property number) is required.', { reference: 'required' });
  if (!mobile) throw new HttpError(400, 'mobile is required.', { mobile: 'required' });
  const amountPaise = body.amountPaise === undefined || body.amountPaise === null ? undefined : Number(body.amountPaise);
  if (amountPaise !== undefined && !Number.isSafeInteger(amountPaise)) throw new HttpError(400, 'amountPaise must be a whole number of paise.', { amountPaise: 'integer' });
  // A number and mobile that do not match count as a failed look-up, as on the tax pages: this is a look-up too.
  if (!(await lookUpProperty(reference, mobile, clientAddress(context)))) throw new HttpError(404, 'No property has this number with this mobile number on record.');
  const wait = { ms: 0 };
  const started = await startPayment({ kind, reference: reference.toUpperCase(), request: { mobile, amountPaise }, lang: body.lang === 'hi' ? 'hi' : 'en' }, undefined, wait);
  return json(started, 201, serverTiming('gateway', wait.ms, 'the payment gateway'));
});
