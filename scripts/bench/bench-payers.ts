import type { Db } from '../../src/server/db';

/** A property a benchmark pays for, with the mobile on record that opens its demand. */
export interface BenchPayer {
  number: string;
  mobile: string;
}

/**
 * Adds `count` residential properties of a ward of their own (numbered W{ward}-0001…, mobiles from
 * `firstMobile` up), each with this year's holding tax due, for a benchmark's payers.
 */
export async function addBenchPayers(database: Db, options: { ward: string; count: number; firstMobile: number; fy: string }): Promise<BenchPayer[]> {
  const at = new Date().toISOString();
  const payers: BenchPayer[] = [];
  for (let i = 0; i < options.count; i++) {
    const number = `W${options.ward}-${String(i + 1).padStart(4, '0')}`;
    const mobile = String(options.firstMobile + i);
    const row = await database.insertInto('property').values({ number, ward: options.ward, holder_name: `Payer ${i + 1}`, mobile, address: `${i + 1}, Bench Road`, usage: 'residential', area_sqft: 800 + i, floors: 1, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    await database.insertInto('property_tax_demand').values({ property_id: row.id, fy: options.fy, head: 'holding', amount_paise: (800 + i) * 150 }).execute();
    payers.push({ number, mobile });
  }
  return payers;
}
