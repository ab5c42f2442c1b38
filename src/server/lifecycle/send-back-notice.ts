import type { ContentTypeDef } from '../../lib/content-type';
import { messages } from '../../i18n/messages';
import type { Actor } from '../audit';
import { readConfig, siteOrigin } from '../config';
import type { Db } from '../db';
import { channelsFor, queueMessages } from '../outbox';
import { authorOf } from './state-store';
import { nameOf } from './review-queue';

/**
 * The email to the editor whose item an admin sent back: which item, the admin's comment and the link that
 * opens it for editing. Queued in the send-back's own transaction, so it exists exactly when the step
 * committed. Nobody is written to about their own step (an admin sending back what they wrote themselves),
 * and an item written before authors were kept has nobody to tell. Staff read English.
 */
export async function queueSendBackNotice(trx: Db, def: ContentTypeDef, id: number, comment: string, actor: Actor): Promise<void> {
  const authorId = await authorOf(def.path, id, trx);
  if (authorId === null || authorId === actor.id) return;
  const people = await trx.selectFrom('app_user').select(['id', 'email', 'name']).where('id', 'in', actor.id === null ? [authorId] : [authorId, actor.id]).execute();
  const author = people.find((p) => p.id === authorId);
  if (!author) return;
  const admin = people.find((p) => p.id === actor.id);
  const t = messages('en').notices;
  const name = await nameOf(def, id, trx);
  const link = `${siteOrigin(readConfig())}${def.adminRoute}?edit=${id}`;
  const body = [t.sentBack(def.heading, name, admin ? admin.name?.trim() || admin.email : actor.email), '', comment, '', t.editAt(link)].join('\n');
  const subject = t.sentBackSubject(def.heading, name);
  await queueMessages(trx, channelsFor({ email: author.email }).map((to) => ({ ...to, lang: 'en' as const, subject, body, reference: `${def.path}/${id}` })));
}
