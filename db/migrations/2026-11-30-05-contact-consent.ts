import { sql, type Kysely } from 'kysely';

// Nothing more is sent to a contact that nobody proved is theirs. A follower's mobile and email ("me too")
// each wait for their own confirmation link (the pending link's secret, cleared when used); until then the
// follower counts but hears nothing. A confirmed ward alert subscription keeps its settings until a change
// asked on the form is confirmed from the address: the change waits here, as JSON.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['mobile_confirmed_at', 'email_confirmed_at', 'mobile_nonce', 'email_nonce']) {
    await db.schema.alterTable('case_supporter').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('ward_alert_subscription').addColumn('pending_change', 'text').execute();
  // The citizen of a merged duplicate follows the original with the contact they lodged with, as they were
  // told when it was merged: that contact hears of the case as any lodger's does. Everyone else who followed
  // until now was never asked, so they hear nothing more until they say "me too" again and confirm.
  await db
    .updateTable('case_supporter')
    .set({ mobile_confirmed_at: sql.ref('at'), email_confirmed_at: sql`case when email <> '' then at end` })
    .where('via', '=', 'merge')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('case_contact as c')
          .innerJoin('service_case as s', 's.id', 'c.case_id')
          .select('c.case_id')
          .whereRef('s.number', '=', 'case_supporter.merged_from')
          .whereRef('c.mobile', '=', 'case_supporter.mobile'),
      ),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ward_alert_subscription').dropColumn('pending_change').execute();
  for (const column of ['mobile_confirmed_at', 'email_confirmed_at', 'mobile_nonce', 'email_nonce']) {
    await db.schema.alterTable('case_supporter').dropColumn(column).execute();
  }
}
