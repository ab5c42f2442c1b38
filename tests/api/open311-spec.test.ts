import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db';
import { ADMIN, OFFICER, bearer, login } from '../support/api';
import { sampleJpeg } from '../support/content-samples';
import { openServerDatabase } from '../support/database';
import { rawRequest } from '../support/raw-request';
import { startServer, type TestServer } from '../support/server';
import { childrenNamed, childText, parseXml, type XmlElement } from '../support/xml';

/**
 * Open311 GeoReport v2 as the specification writes it: every call in XML and JSON with the specification's
 * element names, lists of codes and statuses, only its required fields required (errors naming its
 * parameters), the location stored and answered rounded, and its error document for every other address or
 * method under /open311/, in the format the extension asks for. Its own server: an api_key is set.
 */
const KEY = 'spec-open311-key';
let server: TestServer;
let database: Db;
const url = (p: string) => `${server.url}${p}`;

beforeAll(async () => {
  server = await startServer({ OPEN311_API_KEY: KEY });
  database = openServerDatabase(server.dataDir);
  await database.insertInto('grievance_setting').values({ name: 'lodgesPerAddressPerHour', value: '1000' }).onConflict((oc) => oc.column('name').doUpdateSet({ value: '1000' })).execute();
});

afterAll(async () => {
  await database?.destroy();
  await server?.stop();
});

async function getXml(path: string): Promise<{ status: number; type: string; root: XmlElement; text: string }> {
  const res = await fetch(url(path));
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type') ?? '', root: parseXml(text), text };
}

async function getJson<T = any>(path: string): Promise<{ status: number; type: string; body: T }> {
  const res = await fetch(url(path));
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: (await res.json()) as T };
}

const post = (format: 'xml' | 'json', fields: Record<string, string>) =>
  fetch(url(`/open311/v2/requests.${format}`), { method: 'POST', body: new URLSearchParams({ api_key: KEY, ...fields }) });

/** The errors of an error document, in either format, as [code, description]. */
async function errorsOf(res: Response, format: 'xml' | 'json'): Promise<[number, string][]> {
  const text = await res.text();
  if (format === 'json') return (JSON.parse(text) as { code: number; description: string }[]).map((e) => [e.code, e.description]);
  const root = parseXml(text);
  expect(root.name).toBe('errors');
  return childrenNamed(root, 'error').map((e) => [Number(childText(e, 'code')), childText(e, 'description')]);
}

describe('every call in both formats', () => {
  it('answers discovery in full, listing both formats, with the council\'s contact', async () => {
    const json = await getJson('/open311/v2/discovery.json');
    expect(json.type).toMatch(/^application\/json/);
    expect(json.body).toMatchObject({ changeset: expect.any(String), key_service: expect.stringContaining('@') });
    expect(json.body.contact).toMatch(/Email \S+@\S+, phone [\d-]+, .+Bihar/);
    expect(json.body.endpoints).toEqual([{ specification: 'http://wiki.open311.org/GeoReport_v2', url: `${server.url}/open311/v2`, changeset: json.body.changeset, type: 'production', formats: ['text/xml', 'application/json'] }]);
    const xml = await getXml('/open311/v2/discovery.xml');
    expect(xml.type).toMatch(/^text\/xml/);
    expect(xml.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.root.name).toBe('discovery');
    expect(childText(xml.root, 'contact')).toBe(json.body.contact);
    const [endpoint] = childrenNamed(childrenNamed(xml.root, 'endpoints')[0], 'endpoint');
    expect(childText(endpoint, 'url')).toBe(`${server.url}/open311/v2`);
    expect(childrenNamed(childrenNamed(endpoint, 'formats')[0], 'format').map((f) => f.text)).toEqual(['text/xml', 'application/json']);
  });

  it('lists services and a service definition with the same content in XML and JSON', async () => {
    const json = await getJson<Record<string, unknown>[]>('/open311/v2/services.json');
    const xml = await getXml('/open311/v2/services.xml');
    expect(xml.root.name).toBe('services');
    const services = childrenNamed(xml.root, 'service');
    expect(services).toHaveLength(json.body.length);
    expect(services.map((s) => childText(s, 'service_code'))).toEqual(json.body.map((s) => s.service_code));
    expect(services.map((s) => childText(s, 'service_name'))).toEqual(json.body.map((s) => s.service_name));
    expect(childText(services[0], 'metadata')).toBe('true');

    const definition = await getJson('/open311/v2/services/1.json');
    expect(definition.body.attributes[0]).toMatchObject({ code: 'ward', required: false, datatype: 'singlevaluelist' });
    const defXml = await getXml('/open311/v2/services/1.xml');
    expect(defXml.root.name).toBe('service_definition');
    const attribute = childrenNamed(childrenNamed(defXml.root, 'attributes')[0], 'attribute')[0];
    expect(childText(attribute, 'required')).toBe('false');
    expect(childrenNamed(childrenNamed(attribute, 'values')[0], 'value')).toHaveLength(definition.body.attributes[0].values.length);
  });
});

describe('POST requests: only the specification\'s required fields', () => {
  it('lodges with a point and nothing else personal, finds its ward from the boundaries, and answers the point rounded', async () => {
    // 26.1512 N, 85.9031 E lies in the demo grid's middle square: ward 13.
    const res = await post('json', { service_code: '2', lat: '26.151234', long: '85.903149', description: 'Pothole in front of the temple.', media_url: 'https://photos.example/pothole.jpg' });
    expect(res.status).toBe(201);
    const [created] = (await res.json()) as { service_request_id: string; service_notice: string }[];
    expect(created.service_notice).toContain(`${server.url}/trackgrievance?number=${encodeURIComponent(created.service_request_id)}`);
    const stored = await database.selectFrom('service_case').innerJoin('ward', 'ward.id', 'service_case.ward_id').select(['ward.ward_number', 'service_case.data']).where('number', '=', created.service_request_id).executeTakeFirstOrThrow();
    expect(stored.ward_number).toBe('13');
    expect(JSON.parse(stored.data)).toMatchObject({ lat: 26.151234, long: 85.903149, mediaUrl: 'https://photos.example/pothole.jpg' });

    const [one] = (await getJson(`/open311/v2/requests/${created.service_request_id}.json`)).body;
    expect(one).toMatchObject({ lat: 26.151, long: 85.903, media_url: 'https://photos.example/pothole.jpg', status: 'open', service_code: '2' });
    const xml = await getXml(`/open311/v2/requests/${created.service_request_id}.xml`);
    expect(xml.root.name).toBe('service_requests');
    const request = childrenNamed(xml.root, 'request')[0];
    expect([childText(request, 'lat'), childText(request, 'long'), childText(request, 'service_request_id')]).toEqual(['26.151', '85.903', created.service_request_id]);
    expect(xml.text).not.toContain('26.151234');
  });

  it('lodges with address_string or address_id alone, answering them, in XML too', async () => {
    const res = await post('xml', { service_code: '3', address_string: 'Lane behind the bus stand, Kamalpur', first_name: 'Ravi', email: 'ravi@mail.example' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    const root = parseXml(await res.text());
    expect(root.name).toBe('service_requests');
    const id = childText(childrenNamed(root, 'request')[0], 'service_request_id');
    const [one] = (await getJson(`/open311/v2/requests/${id}.json`)).body;
    expect(one).toMatchObject({ address: 'Lane behind the bus stand, Kamalpur', lat: null, long: null, address_id: null });
    expect(JSON.stringify(one)).not.toMatch(/Ravi|ravi@mail/);

    const byId = await post('json', { service_code: '3', address_id: 'KMP-0042' });
    expect(byId.status).toBe(201);
    const [created] = (await byId.json()) as { service_request_id: string }[];
    expect((await getJson(`/open311/v2/requests/${created.service_request_id}.json`)).body[0]).toMatchObject({ address_id: 'KMP-0042' });
  });

  it('refuses a request without its required fields, naming the specification\'s parameters, in the format asked', async () => {
    for (const format of ['json', 'xml'] as const) {
      const none = await post(format, { description: 'No code and no place.' });
      expect(none.status).toBe(400);
      const described = (await errorsOf(none, format)).map(([, d]) => d);
      expect(described).toEqual(expect.arrayContaining([expect.stringMatching(/^service_code: /)]));
      const noPlace = await post(format, { service_code: '1' });
      expect((await errorsOf(noPlace, format)).map(([code, d]) => `${code} ${d}`)).toEqual(['400 lat: a location is required: lat and long, address_string or address_id.']);
    }
    const cases: [Record<string, string>, string][] = [
      [{ service_code: '1', lat: '26.15' }, 'long: '],
      [{ service_code: '1', lat: '95', long: '85.9' }, 'lat: '],
      [{ service_code: '1', lat: 'north', long: '85.9' }, 'lat: '],
      [{ service_code: '999999', address_string: 'Somewhere' }, 'service_code: '],
      [{ service_code: '1', address_string: 'Somewhere', 'attribute[ward]': '99999' }, 'attribute[ward]: '],
      [{ service_code: '1', address_string: 'Somewhere', phone: '12345' }, 'phone: '],
      [{ service_code: '1', address_string: 'Somewhere', media_url: 'javascript:alert(1)' }, 'media_url: '],
      [{ service_code: '1', address_string: 'x'.repeat(400) }, 'address_string: '],
    ];
    for (const [fields, start] of cases) {
      const res = await post('json', fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      const errors = await errorsOf(res, 'json');
      expect(errors[0][1], JSON.stringify(fields)).toMatch(new RegExp(`^${start.replace(/[[\]]/g, '\\$&')}`));
      expect(errors.map(([, d]) => d).join(' ')).not.toMatch(/\b(name|mobile|ward|category):/);
    }
    const wrongKey = await fetch(url('/open311/v2/requests.xml'), { method: 'POST', body: new URLSearchParams({ api_key: 'nope', service_code: '1', address_string: 'x' }) });
    expect(wrongKey.status).toBe(403);
    expect((await errorsOf(wrongKey, 'xml'))[0][1]).toMatch(/^api_key: /);
  });
});

describe('GET requests', () => {
  it('takes lists of service codes and statuses, and answers the first public photo as an absolute address', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ category: '4', ward: '3', address: 'House 1', landmark: 'Near the school', description: 'Broken hand pump by the school.', name: 'Asha', mobile: '9812345001', email: '' })) form.append(name, value);
    form.append('photos', new File([await sampleJpeg('#b45309', 40, 30)], 'pump.jpg', { type: 'image/jpeg' }));
    const html = await (await fetch(url('/postgrievance'), { method: 'POST', body: form })).text();
    const number = /data-complaint-number>(NPK-PGR-[\d-]+)</.exec(html)![1];
    const [withPhoto] = (await getJson(`/open311/v2/requests/${number}.json`)).body;
    expect(withPhoto.media_url).toMatch(new RegExp(`^${server.url}/media/`));
    expect((await fetch(withPhoto.media_url)).status).toBe(200);
    expect(withPhoto.address).toBe('Near the school, Ward 3');

    const list = async (query: string) => (await getJson<{ service_code: string; status: string }[]>(`/open311/v2/requests.json${query}`)).body;
    const two = await list('?service_code=1,4');
    expect(new Set(two.map((r) => r.service_code))).toEqual(new Set(['1', '4']));
    const both = await list('?status=open,closed');
    expect(new Set(both.map((r) => r.status))).toEqual(new Set(['open', 'closed']));
    expect(both.length).toBe((await list('?status=open')).length + (await list('?status=closed')).length);
    const xml = await getXml('/open311/v2/requests.xml?status=open&service_code=4');
    expect(xml.root.name).toBe('service_requests');
    const requests = childrenNamed(xml.root, 'request');
    expect(requests.map((r) => childText(r, 'status'))).toEqual(requests.map(() => 'open'));
    expect(requests.some((r) => childText(r, 'service_request_id') === number)).toBe(true);
    for (const [query, parameter] of [['?status=open,maybe', 'status'], ['?service_code=1,x', 'service_code'], ['?start_date=yesterday', 'start_date']]) {
      const res = await fetch(url(`/open311/v2/requests.xml${query}`));
      expect(res.status).toBe(400);
      expect((await errorsOf(res, 'xml'))[0][1]).toMatch(new RegExp(`^${parameter}: `));
    }
  });
});

describe('the open311 npm client\'s calls, as it sends them', () => {
  // node-open311 0.0.12 (docs/open311.md): the endpoint from discovery with a slash added, `jurisdiction_id`
  // in the query of every call, POSTs form-encoded with `api_key` and `attribute[…]`, ids as a list; a GET
  // answered other than 200, or a POST answered 300 or more, is an error to it.
  it('answers each in both formats', async () => {
    for (const format of ['json', 'xml'] as const) {
      const discovery = await fetch(url(`/open311/v2/discovery.${format}`));
      expect(discovery.status).toBe(200);
      const endpoint = `${format === 'json' ? ((await discovery.json()) as { endpoints: { url: string }[] }).endpoints[0].url : childText(childrenNamed(childrenNamed(parseXml(await discovery.text()), 'endpoints')[0], 'endpoint')[0], 'url')}/`;
      const call = (path: string, query: Record<string, string> = {}, init?: RequestInit) => fetch(`${endpoint}${path}.${format}?${new URLSearchParams({ ...query, jurisdiction_id: 'kamalpur' })}`, init);
      expect((await call('services')).status).toBe(200);
      expect((await call('services/2')).status).toBe(200);
      const posted = await call('requests', {}, { method: 'POST', body: new URLSearchParams({ service_code: '2', lat: '26.151234', long: '85.903149', description: `Pothole (${format} client)`, api_key: KEY, 'attribute[ward]': '13' }) });
      expect(posted.status).toBe(201);
      const text = await posted.text();
      const id = format === 'json' ? (JSON.parse(text) as { service_request_id: string }[])[0].service_request_id : childText(childrenNamed(parseXml(text), 'request')[0], 'service_request_id');
      const one = await call(`requests/${id}`);
      expect(one.status).toBe(200);
      expect(await one.text()).toContain(id);
      const listed = await call('requests', { service_request_id: `${id},NPK-PGR-2020-01-01-000001`, service_code: '2,3', status: 'open,closed' });
      expect(listed.status).toBe(200);
      expect(await listed.text()).toContain(id);
      expect((await call('tokens/abc')).status).toBe(404);
    }
  });
});

describe('GET servicerequestupdates, as FixMyStreet polls it', () => {
  // FixMyStreet's Open311 client (perllib/Open311.pm, get_service_request_updates) asks
  // servicerequestupdates.xml with api_key (empty when it has none), jurisdiction_id, and start_date and
  // end_date in W3C format, and reads each request_update's update_id, service_request_id, status,
  // updated_datetime, description and media_url.
  it('answers each step of a request in the window, in XML and JSON, nothing personal', async () => {
    const posted = await post('json', { service_code: '2', address_string: 'Station Road culvert', description: 'Culvert blocked.' });
    const [{ service_request_id: id }] = (await posted.json()) as { service_request_id: string }[];
    const admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
    const officer = bearer(await login(OFFICER.email, OFFICER.password, server.url));
    const officerId = (await database.selectFrom('app_user').select('id').where('email', '=', OFFICER.email).executeTakeFirstOrThrow()).id;
    const step = async (who: Record<string, string>, action: string, body: FormData) => {
      const res = await fetch(url(`/api/Staff/cases/${id}/${action}`), { method: 'POST', headers: who, body });
      expect([action, res.status]).toEqual([action, 200]);
    };
    const assign = new FormData();
    assign.append('officer', String(officerId));
    await step(admin, 'assign', assign);
    const resolve = new FormData();
    resolve.append('note', 'Cleared; told Ravi on 9812345678.');
    resolve.append('visibility', 'public');
    resolve.append('photos', new File([await sampleJpeg('#0f766e', 30, 20)], 'after.jpg', { type: 'image/jpeg' }));
    await step(officer, 'resolve', resolve);
    const times = (await database.selectFrom('case_event').innerJoin('service_case', 'service_case.id', 'case_event.case_id').select(['case_event.id', 'case_event.at']).where('service_case.number', '=', id).orderBy('case_event.id').execute());
    expect(times).toHaveLength(3);

    // As FixMyStreet sends it: W3C times to the second, an empty api_key, its jurisdiction.
    const w3c = (iso: string, shiftMs = 0) => new Date(Date.parse(iso) + shiftMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const query = (start: string, end: string) => new URLSearchParams({ api_key: '', jurisdiction_id: 'kamalpur', start_date: start, end_date: end });
    const whole = query(w3c(times[0].at, -1000), w3c(times[2].at, 1000));
    const xml = await getXml(`/open311/v2/servicerequestupdates.xml?${whole}`);
    expect([xml.status, xml.type]).toEqual([200, 'text/xml; charset=utf-8']);
    expect(xml.root.name).toBe('service_request_updates');
    const mine = childrenNamed(xml.root, 'request_update').filter((u) => childText(u, 'service_request_id') === id);
    expect(mine.map((u) => [childText(u, 'update_id'), childText(u, 'status'), childText(u, 'description')])).toEqual([
      [String(times[0].id), 'OPEN', 'Lodged.'],
      [String(times[1].id), 'IN_PROGRESS', 'Status: Assigned.'],
      [String(times[2].id), 'FIXED', 'Status: Resolved.'],
    ]);
    expect(mine.map((u) => Date.parse(childText(u, 'updated_datetime')))).toEqual(times.map((t) => Date.parse(t.at)));
    expect(childText(mine[0], 'media_url')).toBe('');
    const photo = childText(mine[2], 'media_url');
    expect(photo).toMatch(new RegExp(`^${server.url}/media/`));
    expect((await fetch(photo)).status).toBe(200);
    expect(xml.text).not.toMatch(/Ravi|9812345678/);

    const json = await getJson<Record<string, unknown>[]>(`/open311/v2/servicerequestupdates.json?${whole}`);
    expect(json.status).toBe(200);
    const mineJson = json.body.filter((u) => u.service_request_id === id);
    expect(mineJson.map((u) => u.update_id)).toEqual(mine.map((u) => childText(u, 'update_id')));
    expect(mineJson[2]).toEqual({ update_id: String(times[2].id), service_request_id: id, status: 'FIXED', updated_datetime: times[2].at, description: 'Status: Resolved.', media_url: photo });
    expect(mineJson[0].media_url).toBeNull();

    // The window's ends are kept: up to the assignment, the resolution is not in it.
    const early = (await getJson<{ update_id: string }[]>(`/open311/v2/servicerequestupdates.json?${query(times[0].at, times[1].at)}`)).body.map((u) => u.update_id);
    expect(early).toEqual(expect.arrayContaining([String(times[0].id), String(times[1].id)]));
    expect(early).not.toContain(String(times[2].id));

    for (const [params, parameter] of [[query(times[2].at, times[0].at), 'end_date'], [query('yesterday', times[0].at), 'start_date']] as const) {
      const res = await fetch(url(`/open311/v2/servicerequestupdates.xml?${params}`));
      expect(res.status).toBe(400);
      expect((await errorsOf(res, 'xml'))[0][1]).toMatch(new RegExp(`^${parameter}: `));
    }
    const posting = await rawRequest(server.url, 'POST', '/open311/v2/servicerequestupdates.xml', { 'content-type': 'application/x-www-form-urlencoded' }, 'update_id=1');
    expect([posting.status, posting.headers.allow]).toEqual([405, 'GET, HEAD']);
  });
});

describe('every other address and method under /open311/', () => {
  it('answers the specification\'s error document, never the HTML page, in the format asked', async () => {
    const notFound: [string, 'xml' | 'json'][] = [
      ['/open311/v2', 'json'],
      ['/open311', 'json'],
      // Another spelling of an address that is no call is told so at once, never sent on to a 404.
      ['/open311/v2/', 'json'],
      ['/open311/', 'json'],
      ['/open311//v2', 'json'],
      ['/open311/v2/%2E%2E/services.xml', 'xml'],
      ['/open311/v2/nothing.xml', 'xml'],
      ['/open311/v2/nothing.json', 'json'],
      ['/open311/v2/nothing', 'json'],
      ['/open311/v3/services.xml', 'xml'],
      ['/open311/v2/services.csv', 'json'],
      ['/open311/v2/services/999.xml', 'xml'],
      ['/open311/v2/requests/NPK-PGR-2026-01-01-999999.xml', 'xml'],
      ['/open311/v2/SERVICES.XML', 'xml'],
      ['/open311/v2/services.JSON', 'json'],
      ['/open311/v2/requests%2Fx.xml', 'xml'],
    ];
    for (const [path, format] of notFound) {
      const answer = await rawRequest(server.url, 'GET', path);
      expect([answer.status, path]).toEqual([404, path]);
      expect(answer.headers['content-type'], path).toMatch(format === 'xml' ? /^text\/xml/ : /^application\/json/);
      const errors = format === 'xml' ? childrenNamed(parseXml(answer.body), 'error').map((e) => Number(childText(e, 'code'))) : (JSON.parse(answer.body) as { code: number }[]).map((e) => e.code);
      expect(errors, path).toEqual([404]);
    }
    const upper = await errorsOf(await fetch(url('/open311/v2/SERVICES.XML')), 'xml');
    expect(upper[0][1]).toContain('/open311/v2/services.xml');

    // Other spellings of a call are sent to it; a post keeps its method (308).
    for (const path of ['/open311/v2/services.xml/', '//open311/v2/services.xml', '/open311/v2/./services.xml', '/open311/v2/x/../services.xml']) {
      const answer = await rawRequest(server.url, 'GET', path);
      expect([answer.status, answer.headers.location], path).toEqual([301, '/open311/v2/services.xml']);
    }
    // Encoded dots are dots: the call they spell is answered, here with the error document.
    const moved = await rawRequest(server.url, 'GET', '/open311/v2/requests/%2e%2e.json');
    expect([moved.status, moved.location]).toEqual([301, '/open311/v2/requests/...json']);
    const answer = await rawRequest(server.url, 'GET', '/open311/v2/requests/...json');
    expect([answer.status, answer.headers['content-type']?.split(';')[0]]).toEqual([404, 'application/json']);
    const slashed = await rawRequest(server.url, 'GET', '/open311/v2/');
    expect(JSON.parse(slashed.body)[0].description).toContain('There is no Open311 call at /open311/v2. The calls are /open311/v2/discovery');
    expect((await rawRequest(server.url, 'POST', '/open311/v2/requests.json/', { 'content-type': 'application/x-www-form-urlencoded' }, 'service_code=1')).status).toBe(308);

    // A method a call does not take: 405, whose Allow names what that call takes, whichever part of the
    // server answers it (the route, or the Node entry for a method the site takes nowhere).
    const methods: [string, string, 'xml' | 'json', string][] = [
      ['DELETE', '/open311/v2/services.xml', 'xml', 'GET, HEAD'],
      ['PUT', '/open311/v2/requests.json', 'json', 'GET, HEAD, POST'],
      ['POST', '/open311/v2/discovery.xml', 'xml', 'GET, HEAD'],
      ['POST', '/open311/v2/requests/NPK-PGR-2026-01-01-000001.json', 'json', 'GET, HEAD'],
      ['PATCH', '/open311/v2/requests.xml', 'xml', 'GET, HEAD, POST'],
      ['OPTIONS', '/open311/v2/services.json', 'json', 'GET, HEAD'],
      ['PROPFIND', '/open311/v2/discovery.json', 'json', 'GET, HEAD'],
    ];
    for (const [method, path, format, allow] of methods) {
      const answer = await rawRequest(server.url, method, path, { 'content-type': 'application/x-www-form-urlencoded' }, method === 'DELETE' || method === 'OPTIONS' || method === 'PROPFIND' ? undefined : 'service_code=1');
      expect([answer.status, method, path]).toEqual([405, method, path]);
      expect(answer.headers.allow, path).toBe(allow);
      const body = format === 'xml' ? childText(childrenNamed(parseXml(answer.body), 'error')[0], 'code') : String((JSON.parse(answer.body) as { code: number }[])[0].code);
      expect(body).toBe('405');
    }
    // Any method at an address that is no call: the 404 document, as for GET.
    for (const [method, path] of [['PATCH', '/open311/v2/nothing.xml'], ['DELETE', '/open311/v2/nothing.xml'], ['OPTIONS', '/open311/v2/']]) {
      const answer = await rawRequest(server.url, method, path);
      expect([answer.status, answer.headers['content-type']?.split(';')[0], method, path]).toEqual([404, path.endsWith('.xml') ? 'text/xml' : 'application/json', method, path]);
    }
  });
});
