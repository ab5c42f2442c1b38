import type { APIContext } from 'astro';
import { readConfig, siteOrigin } from '../../server/config';
import { HttpError, PUBLIC_TEXT_LIMIT, readFormBody } from '../../server/http';
import { clientAddress } from '../../server/request-origin';
import { assertAddressMayLodge } from './grievance-limits.server';
import { siteSettings } from '../../site-settings';
import { listWards } from '../complaint/complaint.server';
import { listCategories, listPublicGrievances, type Category, type PublicGrievance } from './grievance-queries.server';
import { asHttpError, lodgeFromCitizen } from './grievance-requests.server';
import { open311Status, parseComplaintNumber } from './grievance-workflow';

/**
 * Open311 GeoReport v2 (http://wiki.open311.org/GeoReport_v2) in JSON, at /open311/v2/. A service is a
 * grievance category (its code is the category id); a request is a grievance, and its service_request_id
 * the complaint number. Answers carry no personal data: no name, phone, email or the citizen's address.
 * Errors use the GeoReport shape: [{ "code": status, "description": message }].
 */

const SPEC = 'http://wiki.open311.org/GeoReport_v2';
const MAX_REQUESTS = 1000;

function answer(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' },
  });
}

/** Wraps an Open311 call: client mistakes answer in GeoReport's error shape, never as a 500. */
export function open311(handler: (context: APIContext) => Promise<Response>) {
  return async (context: APIContext): Promise<Response> => {
    try {
      return await handler(context);
    } catch (err) {
      const refusal = asHttpError(err, `Open311 ${context.request.method} ${context.url.pathname}`);
      const descriptions = refusal.errors && Object.keys(refusal.errors).length > 0 ? Object.entries(refusal.errors).map(([field, message]) => `${field}: ${message}`) : [refusal.message];
      const response = answer(descriptions.map((description) => ({ code: refusal.status, description })), refusal.status);
      for (const [name, value] of Object.entries(refusal.headers ?? {})) response.headers.set(name, value);
      return response;
    }
  };
}

function service(category: Category) {
  return {
    service_code: String(category.id),
    service_name: category.title,
    description: `${category.title}. The council aims to resolve it within ${category.slaHours} hours.`,
    metadata: true,
    type: 'realtime',
    keywords: '',
    group: 'Grievances',
  };
}

export async function servicesAnswer(): Promise<Response> {
  return answer((await listCategories()).map(service));
}

/** The one attribute every service takes: the ward, from the council's list. */
export async function serviceDefinitionAnswer(context: APIContext): Promise<Response> {
  const code = String(context.params.code ?? '');
  const category = (await listCategories()).find((c) => String(c.id) === code);
  if (!category) throw new HttpError(404, `There is no service with code ${code}.`);
  const wards = await listWards();
  return answer({
    service_code: code,
    attributes: [
      {
        variable: true,
        code: 'ward',
        datatype: 'singlevaluelist',
        required: true,
        datatype_description: 'The ward where the problem is.',
        order: 1,
        description: 'Ward',
        values: wards.map((w) => ({ key: String(w.id), name: `Ward ${w.wardNumber}` })),
      },
    ],
  });
}

function request(g: PublicGrievance, origin: string) {
  return {
    service_request_id: g.number,
    status: open311Status(g.state),
    status_notes: g.state,
    service_name: g.category,
    service_code: String(g.categoryId),
    description: g.description,
    agency_responsible: siteSettings.councilName,
    service_notice: '',
    requested_datetime: g.lodgedAt,
    updated_datetime: g.updatedAt,
    expected_datetime: g.dueAt,
    address: [g.landmark, `Ward ${g.ward}`].filter(Boolean).join(', '),
    address_id: null,
    zipcode: null,
    lat: null,
    long: null,
    media_url: g.photos[0] ? `${origin}${g.photos[0].src}` : null,
  };
}

function isoParam(url: URL, name: string): string | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return undefined;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw new HttpError(400, `${name} must be a date and time in ISO 8601 (2026-11-23T10:00:00+05:30).`);
  return new Date(time).toISOString();
}

export async function requestsAnswer(context: APIContext): Promise<Response> {
  const url = context.url;
  const status = url.searchParams.get('status');
  if (status !== null && status !== '' && status !== 'open' && status !== 'closed') throw new HttpError(400, 'status must be open or closed.');
  const ids = url.searchParams.get('service_request_id');
  const code = url.searchParams.get('service_code');
  if (code !== null && code !== '' && !/^\d{1,9}$/.test(code)) throw new HttpError(400, 'service_code must be a code from services.json.');
  const { rows } = await listPublicGrievances({
    numbers: ids ? ids.split(',').map((id) => parseComplaintNumber(id) ?? '').filter(Boolean) : undefined,
    categoryId: code ? Number(code) : undefined,
    open: status === 'open' ? true : status === 'closed' ? false : undefined,
    from: isoParam(url, 'start_date'),
    until: isoParam(url, 'end_date'),
    limit: MAX_REQUESTS,
    offset: 0,
  });
  const origin = siteOrigin(readConfig());
  return answer(rows.map((g) => request(g, origin)));
}

export async function oneRequestAnswer(context: APIContext): Promise<Response> {
  const number = parseComplaintNumber(context.params.id);
  const { rows } = number ? await listPublicGrievances({ numbers: [number], limit: 1, offset: 0 }) : { rows: [] };
  if (rows.length === 0) throw new HttpError(404, 'There is no request with that id.');
  return answer([request(rows[0], siteOrigin(readConfig()))]);
}

/**
 * POST requests.json: lodges a grievance like /postgrievance, with the same checks and abuse limits. The
 * ward is attribute[ward]; the citizen's first_name (and last_name) and phone are required, as on the form.
 * An api_key is asked for only when OPEN311_API_KEY is set. `locale=hi` lodges it in Hindi (its messages to
 * the citizen are written in Hindi); anything else, or none, in English.
 */
export async function createRequestAnswer(context: APIContext): Promise<Response> {
  // An address that has lodged its hour's worth is refused before its body is read.
  await assertAddressMayLodge(clientAddress(context));
  const form = await readFormBody(context.request, PUBLIC_TEXT_LIMIT);
  const key = process.env.OPEN311_API_KEY?.trim();
  if (key && form.get('api_key') !== key) throw new HttpError(403, 'A valid api_key is required.');
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const lat = text('lat');
  const long = text('long');
  const address = text('address_string') || (lat && long ? `${lat}, ${long}` : '');
  const { number } = await lodgeFromCitizen(
    context,
    {
      category: text('service_code'),
      ward: text('attribute[ward]'),
      address,
      landmark: '',
      description: text('description'),
      name: [text('first_name'), text('last_name')].filter(Boolean).join(' '),
      mobile: text('phone'),
      email: text('email'),
    },
    null,
    'open311',
    text('locale').toLowerCase().startsWith('hi') ? 'hi' : 'en',
  );
  return answer([{ service_request_id: number, service_notice: 'Keep this number to track the grievance at /trackgrievance.', account_id: null }], 201);
}

export function discoveryAnswer(): Response {
  const origin = siteOrigin(readConfig());
  return answer({
    changeset: '2026-11-23T00:00:00Z',
    contact: `${siteSettings.councilName}, grievance cell`,
    key_service: 'No key is needed unless the council turns one on; ask the council office.',
    endpoints: [{ specification: SPEC, url: `${origin}/open311/v2`, changeset: '2026-11-23T00:00:00Z', type: 'production', formats: ['application/json'] }],
  });
}
