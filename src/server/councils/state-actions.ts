import { array, boolean, mixed, object, string, ValidationError } from 'yup';
import type { Lang } from '../../i18n/lang';
import { messages } from '../../i18n/messages';
import { platformDb } from './platform';
import { councilById, refreshCouncils, type CouncilRecord } from './registry';
import { createCouncil, CouncilSetupError, hostNames, hostTaken, seedStarterPages, type HostRefusal } from './setup';
import { stateAudit, type StateAdmin } from './state-auth';
import { DEVANAGARI, SHORT_NAME } from '../council/input';

/**
 * What a state administrator does to councils, whether through the state's calls (JSON, English) or the state
 * console's forms (in the page's language): checked, done and audited here, once for both.
 */
const MAX_HOSTS = 20;

export type StateOutcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; errors: Record<string, string> };

function words(lang: Lang) {
  return messages(lang).stateConsole.errors;
}

const text = (lang: Lang, max: number) =>
  string()
    .trim()
    .typeError(words(lang).required)
    .required(words(lang).required)
    .max(max, words(lang).tooLong(max));

const hostsSchema = (lang: Lang) =>
  array(string().typeError(words(lang).badHost).required(words(lang).badHost).max(253, words(lang).badHost))
    .typeError(words(lang).noHost)
    .max(MAX_HOSTS, words(lang).tooManyHosts);

const newCouncilSchema = (lang: Lang) =>
  object({
    name: text(lang, 200),
    nameHindi: text(lang, 200).matches(DEVANAGARI, messages(lang).council.errors.hindi),
    // As Council Settings will check them when the council's admin saves: the numbers' prefix, the Hindi name.
    shortName: text(lang, 6).matches(SHORT_NAME, messages(lang).council.errors.shortName),
    hosts: hostsSchema(lang).required(words(lang).noHost).min(1, words(lang).noHost),
    adminEmail: text(lang, 254).email(words(lang).email),
    adminPassword: string().typeError(words(lang).required).required(words(lang).required).min(12, words(lang).passwordShort).max(200, words(lang).tooLong(200)),
    starter: boolean().optional(),
  });

const changeSchema = (lang: Lang) =>
  object({
    hosts: hostsSchema(lang).optional().min(1, words(lang).noHost),
    status: mixed<'active' | 'disabled'>().oneOf(['active', 'disabled'], 'The status is active or disabled.').optional(),
  });

/** What the state's calls and screens show of a council. */
export function councilAnswer(council: CouncilRecord) {
  const { id, slug, name, nameHindi, shortName, status, hosts } = council;
  return { id, slug, name, nameHindi, shortName, status, hosts };
}

/** The host names a form's text area holds: one a line (commas and spaces also part them). */
export function hostsFromText(raw: string): string[] {
  return raw.split(/[\s,]+/).filter((h) => h !== '');
}

function refusalOf(err: unknown, lang: Lang): { status: 400 | 409; errors: Record<string, string> } {
  if (err instanceof ValidationError) {
    const errors: Record<string, string> = {};
    for (const inner of err.inner.length > 0 ? err.inner : [err]) {
      // A host name's own error (hosts[2]) is the list's.
      const field = (inner.path ?? '').replace(/\[\d+\]$/, '');
      if (field && !(field in errors)) errors[field] = inner.message;
    }
    return { status: 400, errors };
  }
  if (err instanceof CouncilSetupError) return { status: err.status, errors: { hosts: hostWords(err.reason, lang) } };
  throw err;
}

function hostWords(reason: HostRefusal, lang: Lang): string {
  const t = words(lang);
  if (reason.code === 'host-taken') return t.hostTaken(reason.host);
  return reason.code === 'no-host' ? t.noHost : reason.code === 'bad-host' ? t.badHost : t.stateHost;
}

/** Adds a council (serving at once, with a starter set of pages when asked), audited. */
export async function createCouncilAsState(admin: StateAdmin, address: string, body: unknown, lang: Lang): Promise<StateOutcome<CouncilRecord>> {
  try {
    const input = await newCouncilSchema(lang).validate(body, { abortEarly: false, stripUnknown: true });
    const council = await createCouncil({ ...input, hosts: input.hosts as string[] }, input.starter ? seedStarterPages : undefined);
    await stateAudit(admin.email, 'council-created', address, council.id, { after: councilAnswer(council), adminEmail: input.adminEmail.toLowerCase(), starter: input.starter === true });
    return { ok: true, value: council };
  } catch (err) {
    return { ok: false, ...refusalOf(err, lang) };
  }
}

/** Changes a council's host names or switches it off or on, audited; the first council is never switched off. */
export async function changeCouncilAsState(admin: StateAdmin, address: string, id: number, body: unknown, lang: Lang): Promise<StateOutcome<CouncilRecord>> {
  try {
    const change = await changeSchema(lang).validate(body, { abortEarly: false, stripUnknown: true });
    await refreshCouncils();
    const before = await councilById(id);
    if (!before) return { ok: false, status: 404, errors: { council: messages(lang).stateConsole.notFound } };
    const hosts = change.hosts ? hostNames(change.hosts as string[]) : undefined;
    if (before.first && change.status === 'disabled') return { ok: false, status: 409, errors: { status: messages(lang).stateConsole.firstCannotDisable } };
    await platformDb().transaction().execute(async (trx) => {
      if (hosts) {
        const claimed = await trx.selectFrom('council_host').select('host').where('host', 'in', hosts).where('council_id', '!=', id).execute();
        if (claimed.length > 0) throw hostTaken(claimed[0].host);
        await trx.deleteFrom('council_host').where('council_id', '=', id).execute();
        await trx.insertInto('council_host').values(hosts.map((host) => ({ host, council_id: id }))).execute();
      }
      if (change.status) await trx.updateTable('council').set({ status: change.status }).where('id', '=', id).execute();
    });
    await refreshCouncils();
    const after = (await councilById(id))!;
    await stateAudit(admin.email, 'council-changed', address, id, { before: councilAnswer(before), after: councilAnswer(after) });
    return { ok: true, value: after };
  } catch (err) {
    return { ok: false, ...refusalOf(err, lang) };
  }
}
