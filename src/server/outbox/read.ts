import { db as processDb, type Db } from '../db';
import { newestFirstPage } from '../newest-first';

/** The outbox as admins read it (/notifications): counts by status, and messages newest first with their tries. */
export const OUTBOX_STATUSES = ['waiting', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxAttempt {
  at: string;
  outcome: string;
  answer: string;
}

export interface OutboxEntry {
  id: number;
  createdAt: string;
  channel: string;
  recipient: string;
  lang: string;
  subject: string;
  body: string;
  reference: string;
  status: string;
  attempts: OutboxAttempt[];
  nextAttemptAt: string;
  sentAt: string | null;
  lastError: string;
}

export async function outboxCounts(database: Db = processDb()): Promise<Record<OutboxStatus, number>> {
  const rows = await database.selectFrom('outbox_message').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const counts: Record<OutboxStatus, number> = { waiting: 0, sent: 0, failed: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as OutboxStatus] = Number(row.n);
  return counts;
}

export async function listOutbox(options: { status?: OutboxStatus; limit: number; offset: number }, database: Db = processDb()): Promise<{ total: number; entries: OutboxEntry[] }> {
  let query = database.selectFrom('outbox_message');
  if (options.status) query = query.where('status', '=', options.status);
  const { rows, total } = await newestFirstPage(query, options);
  const ids = rows.map((r) => r.id);
  const tries = ids.length === 0 ? [] : await database.selectFrom('outbox_attempt').selectAll().where('message_id', 'in', ids).orderBy('id').execute();
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      channel: r.channel,
      recipient: r.recipient,
      lang: r.lang,
      subject: r.subject,
      body: r.body,
      reference: r.reference,
      status: r.status,
      attempts: tries.filter((t) => t.message_id === r.id).map((t) => ({ at: t.at, outcome: t.outcome, answer: t.answer })),
      nextAttemptAt: r.next_attempt_at,
      sentAt: r.sent_at,
      lastError: r.last_error,
    })),
  };
}
