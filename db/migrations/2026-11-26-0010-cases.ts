import type { Kysely } from 'kysely';
import { withId } from './schema-helpers';

/**
 * The case kernel's tables (src/features/cases): one row per case of any citizen service, the citizen's
 * contact in a table of its own (so that no public query can reach it by a join it forgot to leave out), one
 * row per step of a case's life with the photos and documents sent with it, and the overdue notices sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('service_case'))
    /** The declaring service's name ('grievance', 'trade-licence'). */
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('ward_id', 'integer', (c) => c.references('ward.id').onDelete('set null'))
    /** The service's category (a grievance type, a trade); what it refers to is the service's. */
    .addColumn('category_id', 'integer')
    .addColumn('assignee_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('due_at', 'text')
    .addColumn('lodged_at', 'text', (c) => c.notNull())
    /** When it entered its present state: the clock of a step the system takes after a while there. */
    .addColumn('state_since', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    /** The language it was lodged in ('en' or 'hi'): its messages to the citizen are written in it. */
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    /** 'web', 'desk', 'open311', 'api'. */
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('web'))
    /** The service's own fields as JSON, checked by its schema when lodged. */
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('service_case_inbox').on('service_case').columns(['service', 'state', 'due_at']).execute();
  await db.schema.createIndex('service_case_assignee').on('service_case').columns(['assignee_id', 'state']).execute();

  await db.schema
    .createTable('case_contact')
    .addColumn('case_id', 'integer', (c) => c.primaryKey().references('service_case.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('case_contact_mobile').on('case_contact').column('mobile').execute();

  await withId(db, db.schema.createTable('case_event'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('service_case.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    /** 'staff', 'citizen' or 'system'. */
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    /** 'public': the citizen reads the note too; 'staff': staff only. */
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('staff'))
    /** What else the step carried (an officer's id, a rating), as JSON. */
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('case_event_case').on('case_event').columns(['case_id', 'id']).execute();

  await db.schema
    .createTable('case_event_media')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('case_event.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id'))
    /** 'photo' or 'document'. */
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('photo'))
    .addPrimaryKeyConstraint('case_event_media_pk', ['event_id', 'position'])
    .execute();

  await db.schema
    .createTable('case_overdue_notice')
    .addColumn('case_id', 'integer', (c) => c.notNull().references('service_case.id').onDelete('cascade'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_overdue_notice_pk', ['case_id', 'due_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['case_overdue_notice', 'case_event_media', 'case_event', 'case_contact', 'service_case']) await db.schema.dropTable(table).execute();
}
