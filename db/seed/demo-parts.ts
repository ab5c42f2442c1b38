import type { Db } from '../../src/server/db';

/**
 * The row each part of the demo leaves behind, and which its seed looks for before it writes. A start with
 * demo content asks these first and loads the demo seed (its pictures, documents and their libraries, half a
 * second of CPU) only when a part is missing: a server that already holds the demo starts without it.
 */
const DEMO_PARTS = {
  /** The demo council's identity (db/seed/council.ts). */
  council: (database: Db) => database.selectFrom('council_identity').select('id').limit(1).executeTakeFirst(),
  /** The content and the grievances' lookups: the wards are among them (db/seed/demo.ts checks every table). */
  content: (database: Db) => database.selectFrom('ward').select('id').limit(1).executeTakeFirst(),
  propertyTax: (database: Db) => database.selectFrom('property').select('id').limit(1).executeTakeFirst(),
  tradeLicence: (database: Db) => database.selectFrom('service_case').select('id').where('service', '=', 'trade-licence').limit(1).executeTakeFirst(),
  water: (database: Db) => database.selectFrom('water_connection').select('id').limit(1).executeTakeFirst(),
  wardBoundaries: (database: Db) => database.selectFrom('ward_boundary').select('ward_id').limit(1).executeTakeFirst(),
};

export type DemoPart = keyof typeof DEMO_PARTS;

export async function hasDemoPart(database: Db, part: DemoPart): Promise<boolean> {
  return (await DEMO_PARTS[part](database)) !== undefined;
}

/** Whether every part is there, so that seeding would add nothing. */
export async function demoComplete(database: Db): Promise<boolean> {
  for (const part of Object.keys(DEMO_PARTS) as DemoPart[]) {
    if (!(await hasDemoPart(database, part))) return false;
  }
  return true;
}
