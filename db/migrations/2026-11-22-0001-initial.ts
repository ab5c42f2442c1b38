import type { Kysely } from 'kysely';
import { bytesType, mediaRef, withId } from './schema-helpers';

// Dates are ISO text ('YYYY-MM-DD' for calendar dates, full ISO instants for timestamps): they sort as text
// and mean the same on SQLite and PostgreSQL. Booleans are 0/1 integers for the same reason.

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('media'))
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', bytesType(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('app_user'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_session_user').on('user_session').column('user_id').execute();

  await withId(db, db.schema.createTable('slider'))
    .addColumn('photo_media_id', 'integer', mediaRef)
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('about'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_media_id', 'integer', mediaRef)
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('employee'))
    .addColumn('serial_no', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('designation', 'text', (c) => c.notNull())
    .addColumn('email_addres', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('post_remarks', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_date', 'text')
    .addColumn('to_date', 'text')
    .addColumn('land_line_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('show_home_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('photo_media_id', 'integer', mediaRef)
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('employee_designation').on('employee').columns(['designation', 'serial_no']).execute();

  let tender = withId(db, db.schema.createTable('tender'))
    .addColumn('tender_no', 'text', (c) => c.notNull())
    .addColumn('tender_title', 'text', (c) => c.notNull())
    .addColumn('tender_discreption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('publish_date', 'text', (c) => c.notNull())
    .addColumn('last_date_of_submission', 'text', (c) => c.notNull())
    .addColumn('last_date_of_submission_time', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo(''));
  for (const slot of [2, 3, 4, 5]) tender = tender.addColumn(`tender_title_${slot}`, 'text', (c) => c.notNull().defaultTo(''));
  for (const slot of [1, 2, 3, 4, 5]) tender = tender.addColumn(`document_${slot}_media_id`, 'integer', mediaRef);
  await tender.addColumn('created_date', 'text', (c) => c.notNull()).execute();
  await db.schema.createIndex('tender_closing').on('tender').column('last_date_of_submission').execute();

  for (const table of ['notice', 'circular', 'office_order']) {
    let builder = withId(db, db.schema.createTable(table))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('issue_date', 'text');
    if (table !== 'notice') builder = builder.addColumn('department', 'text', (c) => c.notNull().defaultTo(''));
    await builder
      .addColumn('file_media_id', 'integer', mediaRef)
      .addColumn('created_date', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_issued`).on(table).columns(['issue_date', 'id']).execute();
  }

  await withId(db, db.schema.createTable('latest_news'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('gallery'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_media_id', 'integer', mediaRef)
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('press_release'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('release_news_paper_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('releases_page_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('release_date', 'text')
    .addColumn('photo_media_id', 'integer', mediaRef)
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('grievance_type')).addColumn('grievance_title', 'text', (c) => c.notNull()).execute();
  await withId(db, db.schema.createTable('district')).addColumn('district_name_english', 'text', (c) => c.notNull()).execute();
  await withId(db, db.schema.createTable('ward')).addColumn('ward_number', 'text', (c) => c.notNull()).execute();
  await withId(db, db.schema.createTable('ulb')).addColumn('ulb_name', 'text', (c) => c.notNull()).execute();

  await withId(db, db.schema.createTable('complaint'))
    .addColumn('grievance_type_id', 'integer', (c) => c.notNull().references('grievance_type.id'))
    .addColumn('district_id', 'integer', (c) => c.notNull().references('district.id'))
    .addColumn('ward_id', 'integer', (c) => c.notNull().references('ward.id'))
    .addColumn('ulb_id', 'integer', (c) => c.notNull().references('ulb.id'))
    .addColumn('your_suggestion', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('landmark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('additional_information', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('entry_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entry_date', 'text', (c) => c.notNull())
    .addColumn('action_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action_date', 'text')
    .addColumn('pub_image_1_media_id', 'integer', mediaRef)
    .addColumn('pub_image_2_media_id', 'integer', mediaRef)
    .addColumn('action_image_1_media_id', 'integer', mediaRef)
    .addColumn('action_image_2_media_id', 'integer', mediaRef)
    .execute();
  await db.schema.createIndex('complaint_status').on('complaint').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('complaint_reminder'))
    .addColumn('complaint_id', 'integer', (c) => c.notNull().references('complaint.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('complaint_reminder_complaint').on('complaint_reminder').column('complaint_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'complaint_reminder', 'complaint', 'ulb', 'ward', 'district', 'grievance_type', 'press_release', 'gallery',
    'latest_news', 'office_order', 'circular', 'notice', 'tender', 'employee', 'about', 'slider',
    'user_session', 'app_user', 'media',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
