import { type Kysely } from 'kysely';
import { withId } from './schema-helpers';

/**
 * Property tax: the register of properties, the tax heads and their rates per usage, demands per property,
 * financial year and head, the settings (rebate, penalty, partial payment), and what each receipt paid
 * head by head.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('property'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('ward', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    /** 'residential', 'commercial', 'mixed' or 'vacant'. */
    .addColumn('usage', 'text', (c) => c.notNull())
    /** Built-up area (plot area for vacant land), in whole square feet. */
    .addColumn('area_sqft', 'integer', (c) => c.notNull())
    .addColumn('floors', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('property_mobile').on('property').column('mobile').execute();
  await db.schema.createIndex('property_ward').on('property').column('ward').execute();

  await db.schema
    .createTable('property_tax_head')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_hi', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  // Every council levies holding tax; water and sewerage are the usual others. Their rates are the admin's.
  await db
    .insertInto('property_tax_head')
    .values([
      { code: 'holding', name_en: 'Holding tax', name_hi: 'गृह कर (होल्डिंग टैक्स)', position: 1 },
      { code: 'water', name_en: 'Water tax', name_hi: 'जल कर', position: 2 },
      { code: 'sewerage', name_en: 'Sewerage tax', name_hi: 'सीवरेज कर', position: 3 },
    ])
    .execute();

  /** Paise per square foot a year, per head and usage. */
  await db.schema
    .createTable('property_tax_rate')
    .addColumn('head', 'text', (c) => c.notNull())
    .addColumn('usage', 'text', (c) => c.notNull())
    .addColumn('paise_per_sqft', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('property_tax_rate_pk', ['head', 'usage'])
    .execute();

  await withId(db, db.schema.createTable('property_tax_demand'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('property.id'))
    /** The financial year, April to March: '2026-27'. */
    .addColumn('fy', 'text', (c) => c.notNull())
    .addColumn('head', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addUniqueConstraint('property_tax_demand_one', ['property_id', 'fy', 'head'])
    .execute();

  /** One row (id 1). Dates are month-day within the financial year; rates in basis points (1/100 of a per cent). */
  await db.schema
    .createTable('property_tax_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('rebate_bp', 'integer', (c) => c.notNull())
    .addColumn('rebate_until', 'text', (c) => c.notNull())
    .addColumn('penalty_bp_per_month', 'integer', (c) => c.notNull())
    .addColumn('penalty_after', 'text', (c) => c.notNull())
    .addColumn('partial_allowed', 'integer', (c) => c.notNull())
    .addColumn('partial_min_paise', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('property_tax_setting').values({ id: 1, rebate_bp: 500, rebate_until: '06-30', penalty_bp_per_month: 150, penalty_after: '09-30', partial_allowed: 1, partial_min_paise: 50000 }).execute();

  /** What one receipt paid, by financial year and head: principal, penalty and rebate. */
  await withId(db, db.schema.createTable('property_tax_payment'))
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('payment_receipt.id'))
    .addColumn('property_id', 'integer', (c) => c.notNull().references('property.id'))
    .addColumn('fy', 'text', (c) => c.notNull())
    .addColumn('head', 'text', (c) => c.notNull())
    .addColumn('principal_paise', 'integer', (c) => c.notNull())
    .addColumn('penalty_paise', 'integer', (c) => c.notNull())
    .addColumn('rebate_paise', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('property_tax_payment_property').on('property_tax_payment').column('property_id').execute();
  await db.schema.createIndex('property_tax_payment_receipt').on('property_tax_payment').column('receipt_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['property_tax_payment', 'property_tax_setting', 'property_tax_demand', 'property_tax_rate', 'property_tax_head', 'property']) {
    await db.schema.dropTable(table).execute();
  }
}
