import type { APIContext } from 'astro';
import { json } from '../../server/http';
import { readStreamedForm } from '../../server/streamed-form';
import { grievanceEvents, listInbox } from './grievance-queries.server';
import { inboxFilterOf, PHOTO_FORM, staffAction, staffActor, staffGrievance } from './grievance-requests.server';
import { transitionsFor } from './grievance-workflow';

/** The staff's JSON calls: the inbox, one grievance with its timeline, and an action on it. */

const API_PAGE_SIZE = 50;

/** GET /api/Grievance/inbox?state=&ward=&category=&officer=&overdue=1&page= */
export async function inboxAnswer(context: APIContext): Promise<Response> {
  const session = context.locals.session!;
  const filter = inboxFilterOf(context.url, session, API_PAGE_SIZE);
  const { total, rows } = await listInbox(filter);
  return json(rows, 200, { 'x-total-count': String(total) });
}

/** GET /api/Grievance/{number}: the grievance, its events and what the caller may do with it now. */
export async function grievanceAnswer(context: APIContext): Promise<Response> {
  const session = context.locals.session!;
  const grievance = await staffGrievance(context.params.number, session);
  const events = await grievanceEvents(grievance.id, 'staff');
  return json({ ...grievance, events, actions: transitionsFor(session.user.role, grievance.state, grievance.officerId === session.user.id) });
}

/** POST /api/Grievance/{number}/{assign|resolve|reject|redact}: multipart or urlencoded (officer, note, photos, …). */
export async function actionAnswer(context: APIContext): Promise<Response> {
  const session = context.locals.session!;
  const grievance = await staffGrievance(context.params.number, session);
  const form = await readStreamedForm(context.request, PHOTO_FORM);
  try {
    await staffAction(grievance.number, context.params.action ?? '', form, staffActor(session));
  } finally {
    await form.dispose();
  }
  return grievanceAnswer(context);
}
