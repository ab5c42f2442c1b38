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

/** Whether a path is Open311's, whose every answer (errors included) is an Open311 document. */
export function isOpen311Path(pathname: string): boolean {
  return /^\/open311(\/|$)/i.test(pathname);
}
