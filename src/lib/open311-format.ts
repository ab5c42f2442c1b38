import { escapeXml } from './xml-text';

/**
 * The two formats of Open311 GeoReport v2 (http://wiki.open311.org/GeoReport_v2): every call is asked with
 * an extension, `.xml` (the specification's default) or `.json`, and answered in it, errors included. One
 * small writer for the XML, every text escaped by the site's one XML escaper. No server imports: the Node
 * entry uses it for answers given before Astro routes a request (a method the site does not take).
 */
export type Open311Format = 'xml' | 'json';

/** A value of an answer: the JSON as it is; in XML, an array of objects is repeated under its item name. */
export type Open311Value = string | number | boolean | null | Open311Value[] | { [name: string]: Open311Value };


/**
 * The format an address asks for, by its last extension, in any case (`services.XML` asks for XML, and is
 * then told the address is lower case). JSON when it names neither: the project's API speaks JSON.
 */
export function formatOfPath(pathname: string): Open311Format {
  return /\.xml$/i.test(pathname) ? 'xml' : 'json';
}

/** The element name an array's items take in XML: the specification's names for its lists. */
const ITEM_NAMES: Record<string, string> = {
  services: 'service',
  service_requests: 'request',
  errors: 'error',
  attributes: 'attribute',
  values: 'value',
  endpoints: 'endpoint',
  formats: 'format',
  service_request_updates: 'request_update',
};

function element(name: string, value: Open311Value, indent: string): string {
  if (value === null || value === '') return `${indent}<${name}/>`;
  if (Array.isArray(value)) {
    const item = ITEM_NAMES[name];
    if (!item) throw new Error(`No XML item name for the list <${name}>`);
    if (value.length === 0) return `${indent}<${name}/>`;
    return `${indent}<${name}>\n${value.map((v) => element(item, v, `${indent}  `)).join('\n')}\n${indent}</${name}>`;
  }
  if (typeof value === 'object') {
    const children = Object.entries(value).map(([child, v]) => element(child, v, `${indent}  `));
    return children.length === 0 ? `${indent}<${name}/>` : `${indent}<${name}>\n${children.join('\n')}\n${indent}</${name}>`;
  }
  return `${indent}<${name}>${escapeXml(String(value))}</${name}>`;
}

/** A whole XML document: the declaration the specification requires, then the root element. */
export function xmlDocument(root: string, value: Open311Value): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, value, '')}\n`;
}

const CONTENT_TYPES: Record<Open311Format, string> = { xml: 'text/xml; charset=utf-8', json: 'application/json; charset=utf-8' };

/** The headers every Open311 answer carries: its format's type, never stored, readable from any site. */
export function open311Headers(format: Open311Format): Record<string, string> {
  return { 'content-type': CONTENT_TYPES[format], 'cache-control': 'no-store', 'access-control-allow-origin': '*' };
}

/**
 * The body of an answer: JSON as the value itself (a list is a bare array, as the specification's examples
 * are), XML under `root`, which for a list is the list's name (`services`, `service_requests`).
 */
export function open311Body(format: Open311Format, root: string, value: Open311Value): string {
  return format === 'json' ? JSON.stringify(value) : xmlDocument(root, value);
}

/** The specification's error document: a list of { code, description }, `<errors><error>…` in XML. */
export function open311ErrorBody(format: Open311Format, status: number, descriptions: readonly string[]): string {
  return open311Body(format, 'errors', descriptions.map((description) => ({ code: status, description })));
}

export type Open311Call = 'discovery' | 'services' | 'service' | 'requests' | 'request' | 'updates';

/** The calls, as the specification spells their addresses under /open311 (lower case, with the format's extension). */
const CALLS: { call: Open311Call; pattern: RegExp }[] = [
  { call: 'discovery', pattern: /^\/v2\/discovery\.(xml|json)$/ },
  { call: 'services', pattern: /^\/v2\/services\.(xml|json)$/ },
  { call: 'service', pattern: /^\/v2\/services\/([^/]{1,40})\.(xml|json)$/ },
  { call: 'requests', pattern: /^\/v2\/requests\.(xml|json)$/ },
  { call: 'request', pattern: /^\/v2\/requests\/([^/]{1,60})\.(xml|json)$/ },
  // mySociety's GeoReport extension: the updates of every request between two times.
  { call: 'updates', pattern: /^\/v2\/servicerequestupdates\.(xml|json)$/ },
];

/** The methods each call takes: GET (HEAD with it) everywhere, POST to requests only. */
const METHODS: Record<Open311Call, readonly string[]> = {
  discovery: ['GET', 'HEAD'], services: ['GET', 'HEAD'], service: ['GET', 'HEAD'], requests: ['GET', 'HEAD', 'POST'], request: ['GET', 'HEAD'], updates: ['GET', 'HEAD'],
};

/**
 * The call an address under /open311/ names, with its match (the last group is the format) and the methods
 * it takes; null for any other address. Shared by the route and the Node entry, which answers some requests
 * before the route sees them (another spelling of an address, a method the site takes nowhere).
 */
export function open311CallOf(pathname: string): { call: Open311Call; match: RegExpExecArray; methods: readonly string[] } | null {
  const path = pathname.replace(/^\/open311/i, '');
  for (const { call, pattern } of CALLS) {
    const match = pattern.exec(path);
    if (match) return { call, match, methods: METHODS[call] };
  }
  return null;
}

/** Why a call refuses a method, naming the methods it takes (HEAD goes without saying): the route's and the entry's words. */
export function open311MethodRefusal(pathname: string, methods: readonly string[], method = 'that method'): string {
  return `${pathname} does not take ${method}; it takes ${methods.filter((m) => m !== 'HEAD').join(' and ')}.`;
}

/** Why an address is no call: the calls' addresses are lower case, and the list of them is discovery. */
export function open311NotFound(pathname: string): string {
  const path = pathname.replace(/^\/open311/i, '');
  const lower = path.toLowerCase();
  return lower !== path && CALLS.some(({ pattern }) => pattern.test(lower))
    ? `Open311 addresses are in lower case: /open311${lower}.`
    : `There is no Open311 call at /open311${path}. The calls are /open311/v2/discovery, services, services/{service_code}, requests, requests/{service_request_id} and servicerequestupdates, each ending .xml or .json.`;
}

/** Whether a path is Open311's, whose every answer (errors included) is an Open311 document. */
export function isOpen311Path(pathname: string): boolean {
  return /^\/open311(\/|$)/i.test(pathname);
}
