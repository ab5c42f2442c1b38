import type { Kysely } from 'kysely';

// The property register wrote a ward as typed, so '5' and '05' were two wards in the reports and a ward's
// demand notices left out half of it. From now on a ward number is written with two digits at least
// (src/features/property-tax/ward-code.ts); this brings the rows already on record to that spelling.
export async function up(db: Kysely<any>): Promise<void> {
  const wards: { ward: string }[] = await db.selectFrom('property').select('ward').distinct().execute();
  for (const { ward } of wards) {
    const code = /^\d{1,10}$/.test(ward.trim()) ? String(Number(ward.trim())).padStart(2, '0') : ward.trim().toUpperCase();
    if (code !== ward) await db.updateTable('property').set({ ward: code }).where('ward', '=', ward).execute();
  }
}

export async function down(): Promise<void> {
  // The old spellings are not kept; the new one names the same ward.
}
