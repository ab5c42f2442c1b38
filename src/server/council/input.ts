import { messages } from '../../i18n/messages';
import type { Lang } from '../../i18n/lang';
import { isBrandColour } from '../../lib/brand-palette';
import { MAP_SITES, type CouncilIdentityInput, type ImportantLink, type PostalAddress } from '../../lib/council';

/**
 * What an admin sends for the council's identity (PUT /api/Admin/council as JSON, the settings screen and the
 * first setup as forms whose fields are named by the same paths: `name.en`, `address.hi.pinCode`,
 * `links.important.0.url`), checked field by field. A refusal keeps everything as it was typed and says, in the
 * page's language, what each wrong field needs.
 */
export type FieldErrors = Record<string, string>;

export type Parsed = { identity: CouncilIdentityInput } | { errors: FieldErrors; typed: CouncilIdentityInput };

/** At most this many important links: the home page's box and the footer hold a short list. */
export const MAX_IMPORTANT_LINKS = 8;

const ADDRESS_PARTS = ['line1', 'line2', 'town', 'district', 'state', 'pinCode'] as const;
/** A council's names and short name as every screen that sets them checks them (Council Settings, the state console). */
export const DEVANAGARI = /[\u0900-\u097F]/;
export const SHORT_NAME = /^[A-Z]{2,6}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9][0-9 -]{5,19}$/;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function httpsUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' ? url : null;
  } catch {
    return null;
  }
}

/** The identity as sent, every part present and every value text (what a refused form shows again). */
export function typedIdentity(body: unknown): CouncilIdentityInput {
  const b = record(body);
  const pair = (value: unknown) => ({ en: text(record(value).en), hi: text(record(value).hi) });
  const address = (value: unknown): PostalAddress => {
    const a = record(value);
    return { line1: text(a.line1), line2: text(a.line2), town: text(a.town), district: text(a.district), state: text(a.state), pinCode: text(a.pinCode) };
  };
  const links = record(b.links);
  const contacts = record(b.contacts);
  const social = record(b.social);
  const important: ImportantLink[] = (Array.isArray(links.important) ? links.important : [])
    .map((link) => ({ label: text(record(link).label), labelHindi: text(record(link).labelHindi), url: text(record(link).url) }))
    // A row left empty on the form is no link.
    .filter((link) => link.label !== '' || link.labelHindi !== '' || link.url !== '');
  return {
    name: pair(b.name),
    shortName: text(b.shortName),
    tagline: pair(b.tagline),
    address: { en: address(record(b.address).en), hi: address(record(b.address).hi) },
    contacts: { email: text(contacts.email), phone: text(contacts.phone), tollFree: text(contacts.tollFree) },
    hours: pair(b.hours),
    links: { map: text(links.map), mobileApp: text(links.mobileApp), vehicleTracking: text(links.vehicleTracking), important },
    social: { facebook: text(social.facebook), x: text(social.x), youtube: text(social.youtube), instagram: text(social.instagram) },
    colour: (text(b.colour) || 'blue') as CouncilIdentityInput['colour'],
  };
}

export function parseCouncilInput(body: unknown, lang: Lang): Parsed {
  const e = messages(lang).council.errors;
  const typed = typedIdentity(body);
  const errors: FieldErrors = {};
  const check = (path: string, value: string, rule: { required?: boolean; max?: number; test?: (v: string) => string | null }) => {
    if (value === '') {
      if (rule.required) errors[path] = e.required;
      return;
    }
    if (value.length > (rule.max ?? 120)) errors[path] = e.tooLong(rule.max ?? 120);
    else if (rule.test) {
      const refusal = rule.test(value);
      if (refusal) errors[path] = refusal;
    }
  };
  const url = (v: string) => (httpsUrl(v) ? null : e.url);

  check('name.en', typed.name.en, { required: true });
  check('name.hi', typed.name.hi, { required: true, test: (v) => (DEVANAGARI.test(v) ? null : e.hindi) });
  check('shortName', typed.shortName, { required: true, test: (v) => (SHORT_NAME.test(v) ? null : e.shortName) });
  check('tagline.en', typed.tagline.en, { max: 160 });
  check('tagline.hi', typed.tagline.hi, { max: 160 });
  for (const language of ['en', 'hi'] as const) {
    for (const part of ADDRESS_PARTS) {
      check(`address.${language}.${part}`, typed.address[language][part], part === 'pinCode' ? { test: (v) => (/^\d{6}$/.test(v) ? null : e.pinCode) } : {});
    }
    check(`hours.${language}`, typed.hours[language], { max: 200 });
  }
  check('contacts.email', typed.contacts.email, { test: (v) => (EMAIL.test(v) ? null : e.email) });
  check('contacts.phone', typed.contacts.phone, { test: (v) => (PHONE.test(v) ? null : e.phone) });
  check('contacts.tollFree', typed.contacts.tollFree, { test: (v) => (PHONE.test(v) ? null : e.phone) });
  check('links.map', typed.links.map, {
    max: 500,
    test: (v) => {
      const found = httpsUrl(v);
      return found && (MAP_SITES as readonly string[]).includes(found.origin) ? null : e.map;
    },
  });
  check('links.mobileApp', typed.links.mobileApp, { max: 300, test: url });
  check('links.vehicleTracking', typed.links.vehicleTracking, { max: 300, test: url });
  if (typed.links.important.length > MAX_IMPORTANT_LINKS) errors['links.important'] = e.tooManyLinks(MAX_IMPORTANT_LINKS);
  typed.links.important.forEach((link, i) => {
    check(`links.important.${i}.label`, link.label, { required: true, max: 80 });
    check(`links.important.${i}.labelHindi`, link.labelHindi, { max: 80 });
    check(`links.important.${i}.url`, link.url, { required: true, max: 300, test: url });
  });
  for (const account of ['facebook', 'x', 'youtube', 'instagram'] as const) check(`social.${account}`, typed.social[account], { max: 300, test: url });
  if (!isBrandColour(typed.colour)) errors.colour = e.colour;

  return Object.keys(errors).length > 0 ? { errors, typed } : { identity: typed };
}

/** A form's fields, named by their paths (`address.en.town`, `links.important.2.url`), as the nested object the API takes. */
export function bodyFromForm(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = Object.create(null);
  for (const [name, value] of form.entries()) {
    const parts = name.split('.');
    // Only names made of plain words and row numbers: none reaches an object's built-in properties.
    if (typeof value !== 'string' || parts.length > 4 || !parts.every((part) => /^(?:[a-z][a-zA-Z0-9]{0,20}|\d{1,2})$/.test(part)) || parts.some((part) => part === 'constructor')) continue;
    let at: Record<string, unknown> = body;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) at[part] = value;
      else {
        // The important links are a list: their rows' numbers become its order.
        if (!Object.hasOwn(at, part)) at[part] = /^\d+$/.test(parts[i + 1]) ? [] : Object.create(null);
        at = at[part] as Record<string, unknown>;
      }
    });
  }
  return body;
}
