import type { APIContext } from 'astro';
import { number, object, string, ValidationError } from 'yup';
import { readConfig, siteOrigin } from '../../server/config';
import { asHttpError, HttpError, PUBLIC_TEXT_LIMIT, readFormBody } from '../../server/http';
import { clientAddress } from '../../server/request-origin';
import { assertAddressMayLodge } from './grievance-limits.server';
import { councilIdentity } from '../../server/council/identity';
import { addressLine } from '../../lib/council';
import { listWards } from '../complaint/complaint.server';
import { findWardAt } from '../wards/wards.server';
import { listCategories, listPublicGrievances, type Category, type PublicGrievance } from './grievance-queries.server';
import { lodgeChecked } from './grievance-requests.server';
import { LODGE_LIMITS } from './grievance.schema';
import { GRIEVANCE } from './grievance.service';
import { open311Status, parseComplaintNumber, parseMobile } from './grievance-workflow';
import { grievanceUpdates } from './open311-updates.server';
import { formatOfPath, open311Body, open311CallOf, open311ErrorBody, open311Headers, open311MethodRefusal, open311NotFound, type Open311Format, type Open311Value } from '../../lib/open311-format';

/**
 * Open311 GeoReport v2 (http://wiki.open311.org/GeoReport_v2) at /open311/v2/, in XML and JSON. A service is
 * a grievance category (its code is the category id); a request is a grievance, and its service_request_id
 * the complaint number. Answers carry no personal data: no name, phone or email, and the point only to three
 * decimals (about 100 m). Every address under /open311/ is answered here (src/pages/open311/[...path].ts),
 * so an unknown call or method gets the specification's error document, never the site's HTML page.
 */

export const SPEC = 'http://wiki.open311.org/GeoReport_v2';
/** When the service list or definitions last changed in shape: discovery's changeset. */
const CHANGESET = '2026-11-26T00:00:00Z';
const MAX_REQUESTS = 1000;
/** The most entries a list parameter (service_request_id, service_code) may name. */
const MAX_LIST = 100;

function answer(format: Open311Format, root: string, value: Open311Value, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(open311Body(format, root, value), { status, headers: { ...open311Headers(format), ...headers } });
}

/** A refusal as the specification's error document, one error per problem, each naming its parameter. */
function errorAnswer(format: Open311Format, refusal: HttpError): Response {
  const fields = refusal.errors ?? {};
  const descriptions = Object.keys(fields).length > 0 ? Object.entries(fields).map(([field, message]) => `${field}: ${message}`) : [refusal.message];
  return new Response(open311ErrorBody(format, refusal.status, descriptions), { status: refusal.status, headers: { ...open311Headers(format), ...refusal.headers } });
}

/** Every request under /open311/: the call its path names, in the format its extension names, or an error in that format. */
export async function open311Route(context: APIContext): Promise<Response> {
  const format = formatOfPath(context.url.pathname);
  try {
    const found = open311CallOf(context.url.pathname);
    if (!found) throw new HttpError(404, open311NotFound(context.url.pathname));
    const { call, match, methods } = found;
    const method = context.request.method;
    if (!methods.includes(method)) {
      throw new HttpError(405, open311MethodRefusal(context.url.pathname, methods, method), undefined, { allow: methods.join(', ') });
    }
    const fmt = match![match!.length - 1] as Open311Format;
    if (call === 'discovery') return await discoveryAnswer(fmt);
    if (call === 'services') return await servicesAnswer(fmt);
    if (call === 'service') return await serviceDefinitionAnswer(fmt, match![1]);
    if (call === 'request') return await oneRequestAnswer(fmt, match![1]);
    if (call === 'updates') return await updatesAnswer(context.url, fmt);
    return method === 'POST' ? await createRequestAnswer(context, fmt) : await requestsAnswer(context.url, fmt);
  } catch (err) {
    return errorAnswer(format, err instanceof ValidationError ? open311ValidationError(err) : asHttpError(err, `Open311 ${context.request.method} ${context.url.pathname}`));
  }
}

function service(category: Category): Open311Value {
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

async function servicesAnswer(format: Open311Format): Promise<Response> {
  return answer(format, 'services', (await listCategories()).map(service));
}

/** The one attribute every service takes: the ward, optional (found from lat/long when they are sent). */
async function serviceDefinitionAnswer(format: Open311Format, code: string): Promise<Response> {
  const category = (await listCategories()).find((c) => String(c.id) === code);
  if (!category) throw new HttpError(404, `There is no service with code ${code}.`);
  const wards = await listWards();
  return answer(format, 'service_definition', {
    service_code: String(category.id),
    attributes: [
      {
        variable: true,
        code: 'ward',
        datatype: 'singlevaluelist',
        required: false,
        datatype_description: 'The ward where the problem is. Leave it out when sending lat and long: the ward is found from the point.',
        order: 1,
        description: 'Ward',
        values: wards.map((w) => ({ key: String(w.id), name: `Ward ${w.wardNumber}` })),
      },
    ],
  });
}

/** A coordinate as the public sees it: three decimals, about 100 m, so no house is pinpointed. */
const rounded = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

function request(g: PublicGrievance, origin: string, agency: string): Open311Value {
  const photo = g.photos.find((p) => p.kind === 'citizen') ?? g.photos[0];
  return {
    service_request_id: g.number,
    status: open311Status(g.state),
    status_notes: g.state,
    service_name: g.category,
    service_code: String(g.categoryId),
    description: g.description,
    agency_responsible: agency,
    service_notice: '',
    requested_datetime: g.lodgedAt,
    updated_datetime: g.updatedAt,
    expected_datetime: g.dueAt,
    // The place as the client described it, else the landmark and ward: never the citizen's own address.
    address: g.location.addressString || [g.landmark, g.ward ? `Ward ${g.ward}` : ''].filter(Boolean).join(', '),
    address_id: g.location.addressId || null,
    zipcode: null,
    lat: rounded(g.location.lat),
    long: rounded(g.location.long),
    media_url: photo ? new URL(photo.src, origin).href : g.location.mediaUrl || null,
  };
}

function isoParam(url: URL, name: string): string | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return undefined;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw new HttpError(400, `${name} must be a date and time in ISO 8601 (2026-11-23T10:00:00+05:30).`, { [name]: 'must be a date and time in ISO 8601 (2026-11-23T10:00:00+05:30).' });
  return new Date(time).toISOString();
}

/** A comma-separated list parameter (the specification allows lists): its entries, each checked. */
function listParam(url: URL, name: string, check: (entry: string) => boolean, expected: string): string[] | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const entries = [...new Set(raw.split(',').map((e) => e.trim()).filter(Boolean))];
  if (entries.length > MAX_LIST) throw new HttpError(400, `${name}: at most ${MAX_LIST} entries.`, { [name]: `at most ${MAX_LIST} entries.` });
  const bad = entries.find((e) => !check(e));
  if (bad !== undefined) throw new HttpError(400, `${name}: ${expected}`, { [name]: expected });
  return entries;
}

async function requestsAnswer(url: URL, format: Open311Format): Promise<Response> {
  const statuses = listParam(url, 'status', (s) => s === 'open' || s === 'closed', 'each status must be open or closed (a list: open,closed).');
  const codes = listParam(url, 'service_code', (c) => /^\d{1,9}$/.test(c), 'each service_code must be a code from services.xml or services.json.');
  const ids = listParam(url, 'service_request_id', (id) => id.length <= 60, 'each service_request_id must be a complaint number.');
  // open and closed together is every request: no filter.
  const open = statuses && statuses.length === 1 ? statuses[0] === 'open' : undefined;
  const { rows } = await listPublicGrievances({
    numbers: ids ? ids.map((id) => parseComplaintNumber(id) ?? '').filter(Boolean) : undefined,
    categoryIds: codes?.map(Number),
    open,
    from: isoParam(url, 'start_date'),
    until: isoParam(url, 'end_date'),
    limit: MAX_REQUESTS,
    offset: 0,
  });
  const origin = siteOrigin(readConfig());
  const agency = (await councilIdentity()).name.en;
  return answer(format, 'service_requests', rows.map((g) => request(g, origin, agency)));
}

/**
 * GET servicerequestupdates (mySociety's extension): the steps taken between start_date and end_date. As for
 * the requests, jurisdiction_id and api_key are taken and not needed: reading needs no key.
 */
async function updatesAnswer(url: URL, format: Open311Format): Promise<Response> {
  const from = isoParam(url, 'start_date');
  const until = isoParam(url, 'end_date');
  if (from && until && until < from) throw new HttpError(400, 'end_date: must not be before start_date.', { end_date: 'must not be before start_date.' });
  return answer(format, 'service_request_updates', await grievanceUpdates({ from, until }, siteOrigin(readConfig())));
}

async function oneRequestAnswer(format: Open311Format, id: string): Promise<Response> {
  const number = parseComplaintNumber(decodeURIComponent(id));
  const { rows } = number ? await listPublicGrievances({ numbers: [number], limit: 1, offset: 0 }) : { rows: [] };
  if (rows.length === 0) throw new HttpError(404, `There is no request with service_request_id ${id}.`);
  return answer(format, 'service_requests', [request(rows[0], siteOrigin(readConfig()), (await councilIdentity()).name.en)]);
}

const optionalText = (max: number) => string().default('').trim().max(max, `can be at most ${max} characters.`);
const coordinate = (max: number, name: string) =>
  number()
    .transform((value, raw) => (raw === '' || raw === undefined ? undefined : value))
    .typeError(`${name} must be a number in decimal degrees (WGS 84).`)
    .min(-max, `${name} must be from -${max} to ${max}.`)
    .max(max, `${name} must be from -${max} to ${max}.`);

/**
 * POST requests: the specification's parameters, checked under their own names. Required are service_code
 * and a location (lat and long together, address_string or address_id); everything else is optional. A
 * request without a phone or email lodges all the same; its citizen is simply told nothing.
 */
const open311Schema = object({
  service_code: string().default('').trim().required('is required: a code from services.xml or services.json.').matches(/^\d{1,9}$/, 'must be a code from services.xml or services.json.'),
  lat: coordinate(90, 'lat'),
  long: coordinate(180, 'long'),
  address_string: optionalText(LODGE_LIMITS.address),
  address_id: optionalText(100),
  description: optionalText(LODGE_LIMITS.description),
  first_name: optionalText(50),
  last_name: optionalText(50),
  email: optionalText(LODGE_LIMITS.email).email('must be an email address.'),
  phone: string().default('').trim().test('phone', 'must be a 10-digit Indian mobile number.', (value) => !value || parseMobile(value) !== null),
  media_url: optionalText(1000).matches(/^https?:\/\/[^\s]+$/i, { message: 'must be an http or https address.', excludeEmptyString: true }),
  'attribute[ward]': string().default('').trim().matches(/^(\d{1,9})?$/, 'must be a ward key from the service definition.'),
});

/** A yup failure as a refusal whose fields are the specification's parameter names. */
function open311ValidationError(err: ValidationError): HttpError {
  const errors: Record<string, string> = {};
  for (const inner of err.inner.length > 0 ? err.inner : [err]) {
    const field = (inner.path ?? '').replace(/^\["(.*)"\]$/, '$1');
    if (field && !(field in errors)) errors[field] = inner.message.replace(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')} `), '');
  }
  return new HttpError(400, Object.entries(errors).map(([f, m]) => `${f}: ${m}`)[0] ?? err.message, errors);
}

/**
 * POST requests.xml / requests.json: lodges a grievance with the form's checks of category and ward and its
 * abuse limits. The ward is attribute[ward] when given, else the ward whose boundary holds lat/long, else
 * none (the desk reads the address). An api_key is asked for only when OPEN311_API_KEY is set. `locale=hi`
 * lodges it in Hindi (its messages to the citizen are written in Hindi).
 */
async function createRequestAnswer(context: APIContext, format: Open311Format): Promise<Response> {
  // An address that has lodged its hour's worth is refused before its body is read.
  await assertAddressMayLodge(clientAddress(context));
  const form = await readFormBody(context.request, PUBLIC_TEXT_LIMIT);
  const key = process.env.OPEN311_API_KEY?.trim();
  if (key && form.get('api_key') !== key) throw new HttpError(403, 'api_key: a valid api_key is required.', { api_key: 'a valid api_key is required.' });
  const sent = Object.fromEntries(Object.keys(open311Schema.fields).map((name) => [name, typeof form.get(name) === 'string' ? (form.get(name) as string) : '']));
  const v = await open311Schema.validate(sent, { abortEarly: false, stripUnknown: true });
  const problems: Record<string, string> = {};
  const hasPoint = v.lat !== undefined && v.long !== undefined;
  if ((v.lat === undefined) !== (v.long === undefined)) problems[v.lat === undefined ? 'lat' : 'long'] = 'lat and long are sent together.';
  else if (!hasPoint && !v.address_string && !v.address_id) problems.lat = 'a location is required: lat and long, address_string or address_id.';
  if (Object.keys(problems).length > 0) throw new HttpError(400, Object.values(problems)[0], problems);
  const wardId = v['attribute[ward]'] ? Number(v['attribute[ward]']) : hasPoint ? ((await findWardAt(v.lat!, v.long!))?.id ?? null) : null;
  const place = v.address_string || (hasPoint ? `${v.lat}, ${v.long}` : `Address id ${v.address_id}`);
  const { number } = await lodgeChecked(
    context,
    {
      category: Number(v.service_code),
      wardId,
      address: place,
      landmark: '',
      description: v.description,
      suggestion: '',
      name: [v.first_name, v.last_name].filter(Boolean).join(' '),
      mobile: v.phone ? parseMobile(v.phone)! : '',
      email: v.email,
      location: { lat: v.lat ?? null, long: v.long ?? null, addressString: v.address_string, addressId: v.address_id, mediaUrl: v.media_url },
    },
    null,
    'open311',
    String(form.get('locale') ?? '').toLowerCase().startsWith('hi') ? 'hi' : 'en',
    { category: 'service_code', ward: 'attribute[ward]' },
  );
  const track = new URL(GRIEVANCE.citizenPath!(number), siteOrigin(readConfig())).href;
  return answer(format, 'service_requests', [{ service_request_id: number, service_notice: `Keep this number. Track the request at ${track} with the phone number it was lodged with.`, account_id: null }], 201);
}

async function discoveryAnswer(format: Open311Format): Promise<Response> {
  const origin = siteOrigin(readConfig());
  const council = await councilIdentity();
  const { email, phone } = council.contacts;
  return answer(format, 'discovery', {
    changeset: CHANGESET,
    contact: `${council.name.en}, grievance cell. Email ${email}, phone ${phone}, ${addressLine(council, 'en')}.`,
    key_service: `Reading needs no key. To post requests, ask for an api_key by email to ${email}.`,
    endpoints: [{ specification: SPEC, url: `${origin}/open311/v2`, changeset: CHANGESET, type: 'production', formats: ['text/xml', 'application/json'] }],
  });
}
