import { endpoint, HttpError, json } from '../../../../server/http';
import { lookUpProperty, statementOf } from '../../../../features/property-tax/property-tax.server';
import { clientAddress } from '../../../../server/request-origin';

/**
 * GET /api/Public/property-tax/{number}?mobile=…: the demand head by head as of today, with rebate or penalty.
 * 400 without a mobile; 404 when the number and the mobile on record do not match (one answer for both); 429
 * once the client address has failed too many look-ups in the hour.
 */
export const GET = endpoint(async (context) => {
  const { params, url } = context;
  const mobile = url.searchParams.get('mobile');
  if (!mobile) throw new HttpError(400, 'mobile is required: the mobile number on record for the property.', { mobile: 'required' });
  const property = await lookUpProperty(params.number, mobile, clientAddress(context));
  if (!property) throw new HttpError(404, 'No property has this number with this mobile number on record.');
  const s = await statementOf(property);
  return json({
    propertyNumber: property.number,
    ward: property.ward,
    usage: property.usage,
    asOf: s.today,
    currentYear: s.currentYear,
    rebateUntil: s.rebateUntil,
    lines: s.due,
    totalDuePaise: s.totalDuePaise,
    partPayment: s.settings.partialAllowed ? { minimumPaise: Math.min(s.settings.partialMinPaise, s.totalWithoutRebatePaise), maximumPaise: s.totalWithoutRebatePaise } : null,
    demands: s.demands,
    receipts: s.receipts.map((r) => ({ number: r.number, paidAt: r.paidAt, amountPaise: r.amountPaise, mode: r.mode, state: r.state })),
  });
});
