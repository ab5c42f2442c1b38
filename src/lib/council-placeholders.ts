import { addressLine, type CouncilIdentity, type Lang } from './council';

/**
 * Texts written once for every council (the policies, the messages sent to citizens) name the council and its
 * office by these placeholders, filled from the council's identity in the text's language: the policies when a
 * page shows them, a message when it is queued (src/server/outbox/queue.ts).
 */
export const COUNCIL = {
  name: '{council.name}',
  address: '{council.address}',
  email: '{council.email}',
  phone: '{council.phone}',
  tollFree: '{council.tollFree}',
  hours: '{council.hours}',
  district: '{council.district}',
  state: '{council.state}',
} as const;

type Key = keyof typeof COUNCIL;

function valuesOf(council: CouncilIdentity, lang: Lang): Record<Key, string> {
  return {
    name: council.name[lang],
    address: addressLine(council, lang),
    email: council.contacts.email,
    phone: council.contacts.phone,
    tollFree: council.contacts.tollFree,
    hours: council.hours[lang],
    district: council.address[lang].district,
    state: council.address[lang].state,
  };
}

const PLACEHOLDER = /\{council\.(\w+)\}/g;

/** Whether a text holds a placeholder to fill. */
export function namesCouncil(text: string): boolean {
  return text.includes('{council.');
}

function fill<T>(value: T, values: Record<Key, string>): T {
  if (typeof value === 'string') return value.replace(PLACEHOLDER, (whole, key: string) => (Object.hasOwn(values, key) ? values[key as Key] : whole)) as T;
  if (Array.isArray(value)) return value.map((item) => fill(item, values)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)])) as T;
  return value;
}

/** A text (or every text of a document) with the council's own words in place of its placeholders. */
export function forCouncil<T>(value: T, council: CouncilIdentity, lang: Lang): T {
  return fill(value, valuesOf(council, lang));
}
