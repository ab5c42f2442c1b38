import type { APIContext } from 'astro';
import { HttpError, json, parseId } from '../../server/http';
import { actorOf, contentTypeParam } from '../../server/content/api';
import { findRecord } from '../../server/content/records';
import { mediaUrl } from '../../server/media';
import type { ContentTypeDef } from '../../lib/content-type';
import { compareRevisions } from './revision-diff';
import { restoreRevision } from './restore-revision.server';
import { findRevision, listRevisions } from '../../server/content/revisions';
import type { Revision } from '../../lib/revision';

/**
 * GET /api/Admin/{type}/{id}/revisions, GET …/revisions/{n}[?against=m] and POST …/revisions/{n}/restore.
 * Who may call them is the route table's business (the content editors), checked again by endpoint().
 */

/** A revision as answered: each file also with its /media/ URL. */
function toWire(revision: Revision) {
  const files = Object.fromEntries(
    Object.entries(revision.files).map(([key, file]) => [key, file ? { ...file, url: mediaUrl(file.sha256, file.contentType) } : null]),
  );
  return { ...revision, files };
}

/** ?against=: a wrong number is the caller's mistake (400); a wrong path segment is no such address (404). */
function againstNumber(raw: string): number {
  try {
    return parseId(raw);
  } catch {
    throw new HttpError(400, 'against must be a revision number.');
  }
}

async function revisionsOf(def: ContentTypeDef, recordId: number): Promise<Revision[]> {
  const revisions = await listRevisions(def, recordId);
  // A record that never had a revision and does not exist is simply unknown.
  if (revisions.length === 0 && !(await findRecord(def, recordId))) throw new HttpError(404, `${def.heading} not found.`);
  return revisions;
}

export async function revisionsAnswer(context: APIContext): Promise<Response> {
  const def = contentTypeParam(context);
  const revisions = await revisionsOf(def, parseId(context.params.id));
  return json(revisions.map(toWire));
}

/** One revision with what changed since the one before it, or since ?against=m. */
export async function revisionAnswer(context: APIContext): Promise<Response> {
  const def = contentTypeParam(context);
  const recordId = parseId(context.params.id);
  const number = parseId(context.params.n);
  const revision = await findRevision(def, recordId, number);
  if (!revision) throw new HttpError(404, `Revision ${number} does not exist.`);
  const againstParam = context.url.searchParams.get('against');
  let older: Revision | null;
  if (againstParam !== null) {
    older = await findRevision(def, recordId, againstNumber(againstParam));
    if (!older) throw new HttpError(404, `Revision ${againstParam} does not exist.`);
  } else {
    older = (await listRevisions(def, recordId)).find((candidate) => candidate.revision < number) ?? null;
  }
  return json({ ...toWire(revision), changes: compareRevisions(def, older, revision) });
}

export async function restoreAnswer(context: APIContext): Promise<Response> {
  const def = contentTypeParam(context);
  const restored = await restoreRevision(def, parseId(context.params.id), parseId(context.params.n), actorOf(context));
  return json(toWire(restored), 201);
}
