import type { APIContext } from 'astro';
import { HttpError, json, parseId, readJsonBody } from '../../server/http';
import { actorOf } from '../../server/content/api';
import { messages } from '../../i18n/messages';
import {
  FEE_FIELDS, RULE_FIELDS, documentRuleRows, feeRateRows, parseDocumentRule, parseFeeRate, removeLine, saveLine, type SettingsError,
} from './settings.server';

/**
 * The admin's fee table and document checklists as JSON, for apps and tests: GET and POST
 * /api/Admin/trade-licence/{fee-rates|document-rules}, PUT and DELETE …/{id}. The same checks and audited
 * writes as the settings page (settings.server.ts); a refusal is 400 with each field's reason in English.
 */
const TABLES = { 'fee-rates': 'trade_fee_rate', 'document-rules': 'trade_document_rule' } as const;

function tableOf(context: APIContext) {
  const table = TABLES[context.params.table as keyof typeof TABLES];
  if (!table) throw new HttpError(404, 'Not found.');
  return table;
}

const listOf = (table: 'trade_fee_rate' | 'trade_document_rule') => (table === 'trade_fee_rate' ? feeRateRows() : documentRuleRows());

/** The body's fields as text, as the page's form would send them (a number is written out). */
async function formOf<F extends string>(context: APIContext, fields: readonly F[]): Promise<Record<F, string>> {
  const body = await readJsonBody(context.request);
  return Object.fromEntries(fields.map((f) => [f, body[f] === undefined || body[f] === null ? '' : String(body[f]).slice(0, 200)])) as Record<F, string>;
}

const refusal = (errors: Partial<Record<string, SettingsError>>) => {
  const words = messages('en').tradeLicence.settings.errors;
  return new HttpError(400, 'Correct the fields named in errors.', Object.fromEntries(Object.entries(errors).map(([f, e]) => [f, words[e!]])));
};

async function save(context: APIContext, id: number | null): Promise<Response> {
  const table = tableOf(context);
  const actor = actorOf(context);
  const parsed = table === 'trade_fee_rate' ? await parseFeeRate(await formOf(context, FEE_FIELDS)) : await parseDocumentRule(await formOf(context, RULE_FIELDS), id);
  if ('errors' in parsed) throw refusal(parsed.errors);
  const saved = await saveLine(table, id, parsed.row, actor);
  if (saved === null) throw new HttpError(404, 'Not found.');
  return json((await listOf(table)).find((r) => r.id === saved), id === null ? 201 : 200);
}

export const listAnswer = async (context: APIContext) => json(await listOf(tableOf(context)));
export const createAnswer = (context: APIContext) => save(context, null);
export const updateAnswer = (context: APIContext) => save(context, parseId(context.params.id));
export async function deleteAnswer(context: APIContext): Promise<Response> {
  const table = tableOf(context);
  const id = parseId(context.params.id);
  if (!(await listOf(table)).some((r) => r.id === id)) throw new HttpError(404, 'Not found.');
  await removeLine(table, id, actorOf(context));
  return json({ removed: id });
}
