import type { APIContext } from 'astro';
import { HttpError, json, parseId, readJsonBody } from '../../server/http';
import { actorOf } from '../../server/content/api';
import { alertSchema } from './alert.schema';
import { deleteAlert, findAlert, listAlerts, saveAlert } from './alerts.server';

/**
 * GET and POST /api/Admin/alerts; GET, PUT and DELETE /api/Admin/alerts/{id}. JSON in and out; times are
 * Indian wall-clock times ('2026-12-01T09:00'). Admins only (route table, checked again by endpoint()).
 */
export async function listAnswer(): Promise<Response> {
  return json(await listAlerts());
}

async function validated(context: APIContext) {
  return alertSchema.validate(await readJsonBody(context.request), { abortEarly: false, stripUnknown: true });
}

export async function createAnswer(context: APIContext): Promise<Response> {
  const input = await validated(context);
  const id = await saveAlert(null, input, actorOf(context));
  return json(await findAlert(id), 201);
}

export async function findAnswer(context: APIContext): Promise<Response> {
  const alert = await findAlert(parseId(context.params.id));
  if (!alert) throw new HttpError(404, 'Alert not found.');
  return json(alert);
}

export async function updateAnswer(context: APIContext): Promise<Response> {
  const id = parseId(context.params.id);
  const input = await validated(context);
  await saveAlert(id, input, actorOf(context));
  return json(await findAlert(id));
}

export async function deleteAnswer(context: APIContext): Promise<Response> {
  if (!(await deleteAlert(parseId(context.params.id), actorOf(context)))) throw new HttpError(404, 'Alert not found.');
  return json({ message: 'Alert deleted successfully!' });
}
