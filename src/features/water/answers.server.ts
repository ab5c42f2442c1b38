import type { APIContext } from 'astro';
import { HttpError, json, PUBLIC_TEXT_LIMIT, readJsonBody } from '../../server/http';
import { clientAddress } from '../../server/request-origin';
import { waterFeeFor } from './applications.server';
import { billQuarter, connectionStatement, isQuarter } from './bills.server';
import { lookUpConnection } from './connections.server';
import { applyOnce, readApplicationForm } from './requests.server';
import { isConnectionType, isPipeSize, quarterOf, type PipeSize } from './tariff';
import { now } from '../../server/clock';
import { indianDate } from '../../lib/india-time';

/** The JSON calls' answers, each from the same code the pages use. */

/** The fee before applying: 400 naming a type or pipe that is none. */
export async function feeAnswer(params: URLSearchParams) {
  const type = params.get('type') ?? '';
  const pipe = params.get('pipe') ?? '';
  if (!isConnectionType(type)) throw new HttpError(400, 'type: domestic, commercial or institutional.', { type: 'unknown' });
  if (!isPipeSize(pipe)) throw new HttpError(400, 'pipe: 15, 20, 25, 40 or 50 (millimetres).', { pipe: 'unknown' });
  return { type, pipeMm: Number(pipe), ...(await waterFeeFor(type, Number(pipe) as PipeSize)) };
}

export async function applicationAnswer(context: APIContext): Promise<Response> {
  const form = await readApplicationForm(context);
  try {
    const number = await applyOnce(context, form, form.fields.get('lang') === 'hi' ? 'hi' : 'en', 'api');
    return json({ number }, 201, { location: `/water/track?number=${encodeURIComponent(number)}` });
  } finally {
    await form.dispose();
  }
}

/**
 * A connection by its number and the holder's mobile: 400 without a mobile; 404 when they do not match (one
 * answer for both); 429 once the address has failed too many look-ups in the hour, as the property's look-up.
 */
export async function connectionAnswer(context: APIContext): Promise<Response> {
  const mobile = context.url.searchParams.get('mobile');
  if (!mobile) throw new HttpError(400, 'mobile is required: the mobile number on record for the connection.', { mobile: 'required' });
  const connection = await lookUpConnection(context.params.number, mobile, clientAddress(context));
  if (!connection) throw new HttpError(404, 'No connection has this number with this mobile number on record.');
  const { applicationNumber: _application, ...statement } = await connectionStatement(connection);
  return json({ ...statement, receipts: statement.receipts.map(({ token: _token, ...r }) => r) });
}

export async function billingAnswer(context: APIContext): Promise<Response> {
  const body = await readJsonBody(context.request, PUBLIC_TEXT_LIMIT);
  const quarter = String(body.quarter ?? '');
  if (!isQuarter(quarter)) throw new HttpError(400, "quarter: a financial year's quarter, as 2026-27-Q2.", { quarter: 'unknown' });
  // The running quarter may be billed at its close; a quarter not yet begun has nothing to bill.
  if (quarter > quarterOf(indianDate(now()))) throw new HttpError(409, 'That quarter has not begun.', { quarter: 'future' });
  return json({ quarter, ...(await billQuarter(quarter)) });
}
