import { db, nowIso, type Db } from '../../server/db';
import type { Actor, AuditAction, FileColumn } from '../../server/audit';
import { runWrite } from '../../server/write-path';
import type { AcceptedFile } from '../../server/content/uploads';
import type { GrievanceState, Party } from './grievance-workflow';
import { queueCitizenMessages } from './notifier.server';

/**
 * Every grievance write goes through commitGrievanceWrite, on the shared write path (transaction → media →
 * the row and its event → the citizen's messages, into the outbox → audit → table versions). The messages
 * are delivered after the commit by the outbox worker, never before the answer: a slow mail or SMS gateway
 * never keeps the citizen waiting, and a message exists exactly when its step committed.
 */

/** Who makes a write: their party in the workflow, and how the audit log and the timeline name them. */
export interface GrievanceActor {
  party: Party;
  userId: number | null;
  label: string;
}

export function auditActor(actor: GrievanceActor): Actor {
  return { id: actor.userId, email: actor.label };
}

/** The legacy picture columns, named as the audit log names them. */
export const COMPLAINT_FILE_COLUMNS: readonly FileColumn[] = [
  { key: 'pub_Image_1', column: 'pub_image_1_media_id' },
  { key: 'pub_Image_2', column: 'pub_image_2_media_id' },
  { key: 'action_Image_1', column: 'action_image_1_media_id' },
  { key: 'action_Image_2', column: 'action_image_2_media_id' },
];

export interface GrievanceEventInput {
  action: string;
  from: GrievanceState | null;
  to: GrievanceState;
  note: string;
  officerId?: number | null;
  rating?: number | null;
  /** Who reads the note: the citizen too ('public', the default), or staff only. */
  visibility?: NoteVisibility;
}

export type NoteVisibility = 'public' | 'staff';

export interface AppliedChange {
  complaintId: number;
  /** The row before the change (null when it is new). */
  before: Record<string, unknown> | null;
  /** The event stored with the change; null for a change that is no transition (a redaction). */
  event: GrievanceEventInput | null;
  auditAction: AuditAction;
}

export interface GrievanceWrite {
  actor: GrievanceActor;
  photos: readonly AcceptedFile[];
  /** Changes the complaint inside the transaction, given the stored photos' media ids in order. */
  apply: (trx: Db, photoIds: number[], at: string) => Promise<AppliedChange>;
  /** Whether the citizen is told (a transition is; a redaction is not). */
  notify: boolean;
}

export async function commitGrievanceWrite(write: GrievanceWrite, database: Db = db()): Promise<number> {
  const uploads = Object.fromEntries(write.photos.map((photo, index) => [`photo${index}`, photo]));
  const { complaintId } = await runWrite(
    {
      actor: auditActor(write.actor),
      entity: 'complaint',
      table: 'complaint',
      files: COMPLAINT_FILE_COLUMNS,
      uploads,
      change: async (trx, media) => {
        const at = nowIso();
        const photoIds = write.photos.map((_, index) => media[`photo${index}`]);
        const change = await write.apply(trx, photoIds, at);
        if (change.event) {
          const stored = await trx
            .insertInto('grievance_event')
            .values({
              complaint_id: change.complaintId,
              at,
              actor_kind: write.actor.party === 'citizen' || write.actor.party === 'system' ? write.actor.party : 'staff',
              actor_user_id: write.actor.userId,
              actor_label: write.actor.label,
              action: change.event.action,
              from_state: change.event.from,
              to_state: change.event.to,
              note: change.event.note,
              officer_id: change.event.officerId ?? null,
              rating: change.event.rating ?? null,
              visibility: change.event.visibility ?? 'public',
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const [position, mediaId] of photoIds.entries()) {
            await trx.insertInto('grievance_event_media').values({ event_id: stored.id, position, media_id: mediaId }).execute();
          }
          if (write.notify) await queueCitizenMessages(trx, change.complaintId, change.event);
        }
        const after = await trx.selectFrom('complaint').selectAll().where('id', '=', change.complaintId).executeTakeFirstOrThrow();
        return {
          result: { complaintId: change.complaintId, event: change.event },
          audit: {
            action: change.auditAction,
            recordId: change.complaintId,
            before: change.before,
            after: { ...after, ...(change.event ? { event: change.event, photos: photoIds.length } : {}) },
          },
        };
      },
    },
    database,
  );
  return complaintId;
}
