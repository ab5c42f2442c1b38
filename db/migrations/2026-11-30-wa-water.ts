import { type Kysely } from 'kysely';
import { withId } from './schema-helpers';

/**
 * Piped water: the connections laid (each from an application on the case kernel), the meter readings, the
 * quarterly bills, the payments made against a connection's bills, and the tariff the council sets (one row,
 * its figures as JSON in paise, read by src/features/water/tariff.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('water_connection'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('case_id', 'integer', (c) => c.notNull().unique().references('service_case.id'))
    .addColumn('property_number', 'text', (c) => c.notNull())
    .addColumn('ward', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    /** 'domestic', 'commercial' or 'institutional'. */
    .addColumn('connection_type', 'text', (c) => c.notNull())
    .addColumn('pipe_mm', 'integer', (c) => c.notNull())
    /** 'flat' or 'metered'. */
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('meter_number', 'text', (c) => c.notNull())
    .addColumn('connected_on', 'text', (c) => c.notNull())
    /** The plumber's work order made when the fee was paid. */
    .addColumn('work_order', 'text', (c) => c.notNull())
    .addColumn('receipt_id', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('water_connection_mobile').on('water_connection').column('mobile').execute();

  /** A meter reading entered by a meter reader, with the photo of the meter (a private file). */
  await withId(db, db.schema.createTable('water_reading'))
    .addColumn('connection_id', 'integer', (c) => c.notNull().references('water_connection.id'))
    .addColumn('read_on', 'text', (c) => c.notNull())
    .addColumn('reading_kl', 'integer', (c) => c.notNull())
    .addColumn('photo_media_id', 'integer', (c) => c.notNull())
    .addColumn('by_user_id', 'integer')
    .addColumn('by_label', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('water_reading_connection').on('water_reading').columns(['connection_id', 'read_on']).execute();

  /** One bill per connection and quarter: its own charge and late fee, and what it carried over. */
  await withId(db, db.schema.createTable('water_bill'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('connection_id', 'integer', (c) => c.notNull().references('water_connection.id'))
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('billed_on', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('billing', 'text', (c) => c.notNull())
    .addColumn('previous_kl', 'integer')
    .addColumn('current_kl', 'integer')
    .addColumn('consumption_kl', 'integer')
    .addColumn('charge_paise', 'integer', (c) => c.notNull())
    .addColumn('arrears_paise', 'integer', (c) => c.notNull())
    .addColumn('late_fee_paise', 'integer', (c) => c.notNull())
    .addColumn('total_paise', 'integer', (c) => c.notNull())
    .addUniqueConstraint('water_bill_one_a_quarter', ['connection_id', 'quarter'])
    .execute();

  /** What one receipt paid towards a connection's bills (the receipt's state says whether it still counts). */
  await withId(db, db.schema.createTable('water_payment'))
    .addColumn('receipt_id', 'integer', (c) => c.notNull())
    .addColumn('connection_id', 'integer', (c) => c.notNull().references('water_connection.id'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('water_payment_connection').on('water_payment').column('connection_id').execute();

  await db.schema
    .createTable('water_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('tariff', 'text', (c) => c.notNull())
    .execute();
  // A small town's starting tariff, which the council then changes.
  const tariff = {
    connectionFeePaise: {
      domestic: { 15: 150_000, 20: 250_000, 25: 400_000, 40: 800_000, 50: 1_200_000 },
      commercial: { 15: 300_000, 20: 500_000, 25: 800_000, 40: 1_600_000, 50: 2_400_000 },
      institutional: { 15: 250_000, 20: 400_000, 25: 600_000, 40: 1_200_000, 50: 1_800_000 },
    },
    depositPaise: { domestic: 100_000, commercial: 300_000, institutional: 200_000 },
    flatQuarterPaise: { domestic: 45_000, commercial: 150_000, institutional: 90_000 },
    slabs: {
      domestic: [{ uptoKl: 30, paisePerKl: 700 }, { uptoKl: 60, paisePerKl: 1_000 }, { uptoKl: null, paisePerKl: 1_500 }],
      commercial: [{ uptoKl: 50, paisePerKl: 2_000 }, { uptoKl: null, paisePerKl: 3_000 }],
      institutional: [{ uptoKl: 100, paisePerKl: 1_200 }, { uptoKl: null, paisePerKl: 1_800 }],
    },
    meteredMinimumPaise: { domestic: 15_000, commercial: 50_000, institutional: 30_000 },
    dueDays: 30,
    lateFeeBp: 200,
  };
  await db.insertInto('water_setting').values({ id: 1, tariff: JSON.stringify(tariff) }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['water_setting', 'water_payment', 'water_bill', 'water_reading', 'water_connection']) await db.schema.dropTable(table).execute();
}
