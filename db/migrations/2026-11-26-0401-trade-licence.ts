import { type Kysely } from 'kysely';
import { withId } from './schema-helpers';

/**
 * Trade licences: the trade types (with how long a licence of each lasts), the fee table the admin sets,
 * the late fee setting, the document checklist per trade type and new or renewal, the verifier's verdict on
 * each document sent, and the licences issued. The applications themselves are cases of the case kernel.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trade_type')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_hi', 'text', (c) => c.notNull())
    /** 'Manufacturing', 'Retail' or 'Service'. */
    .addColumn('category', 'text', (c) => c.notNull())
    /** Months a licence lasts; 0: to the end of the financial year applied for. */
    .addColumn('validity_months', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  /**
   * One line of the fee table: for a trade type ('*' any), a structure ('*' any) and new or renewal ('*'
   * either), a range of area (square feet) or of employees, inclusive; a flat amount or paise per unit.
   */
  await withId(db, db.schema.createTable('trade_fee_rate'))
    .addColumn('trade_type', 'text', (c) => c.notNull())
    .addColumn('structure', 'text', (c) => c.notNull())
    .addColumn('application_kind', 'text', (c) => c.notNull())
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('from_units', 'integer', (c) => c.notNull())
    .addColumn('to_units', 'integer')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .execute();

  /** One row (id 1): a renewal applied after this day of its financial year (MM-DD) pays the late fee per started month. */
  await db.schema
    .createTable('trade_fee_setting')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('late_after', 'text', (c) => c.notNull())
    .addColumn('late_fee_paise_per_month', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('trade_document_rule'))
    .addColumn('trade_type', 'text', (c) => c.notNull())
    .addColumn('application_kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_hi', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  /** The verifier's word on one file sent for one document of an application; a replaced file has none yet. */
  await withId(db, db.schema.createTable('trade_document_verdict'))
    .addColumn('case_id', 'integer', (c) => c.notNull().references('service_case.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('media_id', 'integer', (c) => c.notNull())
    .addColumn('accepted', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_label', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addUniqueConstraint('trade_document_verdict_one', ['case_id', 'code', 'media_id'])
    .execute();

  /** An issued licence: its public facts only (the trade's name and place, never the owners). */
  await withId(db, db.schema.createTable('trade_licence'))
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('case_id', 'integer', (c) => c.notNull().unique().references('service_case.id'))
    .addColumn('trade_name', 'text', (c) => c.notNull())
    .addColumn('trade_type', 'text', (c) => c.notNull())
    .addColumn('ward', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('receipt_id', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  await db.schema.createIndex('trade_licence_valid_until').on('trade_licence').column('valid_until').execute();

  // A small town's starting table, which the admin then edits: five trades, their rates and checklists.
  await db
    .insertInto('trade_type')
    .values([
      { code: 'grocery', name_en: 'Grocery shop', name_hi: 'किराना दुकान', category: 'Retail', validity_months: 0, position: 1 },
      { code: 'restaurant', name_en: 'Restaurant or eating house', name_hi: 'भोजनालय या होटल', category: 'Service', validity_months: 0, position: 2 },
      { code: 'tailoring', name_en: 'Tailoring shop', name_hi: 'सिलाई की दुकान', category: 'Service', validity_months: 0, position: 3 },
      { code: 'flour-mill', name_en: 'Flour mill', name_hi: 'आटा चक्की', category: 'Manufacturing', validity_months: 0, position: 4 },
      { code: 'cold-storage', name_en: 'Cold storage', name_hi: 'शीतगृह', category: 'Manufacturing', validity_months: 36, position: 5 },
    ])
    .execute();
  const rate = (trade_type: string, structure: string, application_kind: string, basis: string, from_units: number, to_units: number | null, method: string, amount_paise: number) =>
    ({ trade_type, structure, application_kind, basis, from_units, to_units, method, amount_paise });
  await db
    .insertInto('trade_fee_rate')
    .values([
      rate('grocery', '*', '*', 'area', 0, 200, 'flat', 50_000),
      rate('grocery', '*', 'renewal', 'area', 0, 200, 'flat', 40_000),
      rate('grocery', '*', '*', 'area', 201, null, 'per_unit', 300),
      rate('restaurant', '*', '*', 'area', 0, null, 'per_unit', 500),
      rate('tailoring', '*', '*', 'area', 0, null, 'flat', 30_000),
      rate('tailoring', 'kutcha', '*', 'area', 0, null, 'flat', 20_000),
      rate('flour-mill', '*', '*', 'area', 0, 500, 'flat', 150_000),
      rate('flour-mill', '*', '*', 'area', 501, null, 'per_unit', 350),
      rate('cold-storage', '*', '*', 'area', 0, null, 'per_unit', 200),
      rate('*', '*', '*', 'employees', 0, 5, 'flat', 0),
      rate('*', '*', '*', 'employees', 6, 20, 'per_unit', 5_000),
      rate('*', '*', '*', 'employees', 21, null, 'per_unit', 10_000),
    ])
    .execute();
  await db.insertInto('trade_fee_setting').values({ id: 1, late_after: '04-30', late_fee_paise_per_month: 10_000 }).execute();
  const doc = (trade_type: string, application_kind: string, code: string, name_en: string, name_hi: string, position: number) => ({ trade_type, application_kind, code, name_en, name_hi, position });
  await db
    .insertInto('trade_document_rule')
    .values([
      doc('*', '*', 'identity', "Owner's identity proof (Aadhaar, voter card or passport)", 'स्वामी का पहचान प्रमाण (आधार, मतदाता पहचान पत्र या पासपोर्ट)', 1),
      doc('*', 'new', 'premises', 'Proof of the premises (rent agreement or holding tax receipt)', 'परिसर का प्रमाण (किरायानामा या होल्डिंग कर रसीद)', 2),
      doc('*', 'new', 'photo', "Owner's photograph", 'स्वामी का फ़ोटो', 3),
      doc('restaurant', '*', 'fssai', 'Food safety (FSSAI) registration', 'खाद्य सुरक्षा (एफ़एसएसएआई) पंजीकरण', 4),
      doc('flour-mill', 'new', 'pollution', 'Pollution board consent', 'प्रदूषण बोर्ड की सहमति', 4),
      doc('*', 'renewal', 'old-licence', 'The licence being renewed', 'नवीकरण वाला पुराना लाइसेंस', 2),
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['trade_licence', 'trade_document_verdict', 'trade_document_rule', 'trade_fee_setting', 'trade_fee_rate', 'trade_type']) {
    await db.schema.dropTable(table).execute();
  }
}
