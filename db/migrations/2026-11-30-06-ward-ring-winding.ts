import type { Kysely } from 'kysely';

// Ward boundaries stored before uploads were turned to the right-hand rule kept each ring as the file drew
// it. RFC 7946 asks outer rings to run anticlockwise and holes clockwise, and the open data gives the rings
// as stored: every stored ring is turned that way now, as an upload turns them since.
type Ring = [number, number][];

const runsAnticlockwise = (ring: Ring) => {
  let twiceArea = 0;
  for (let i = 0; i + 1 < ring.length; i++) twiceArea += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return twiceArea > 0;
};

export async function up(db: Kysely<any>): Promise<void> {
  const rows: { ward_id: number; polygons: string }[] = await db.selectFrom('ward_boundary').select(['ward_id', 'polygons']).execute();
  for (const row of rows) {
    const polygons = JSON.parse(row.polygons) as Ring[][];
    const turned = polygons.map((rings) => rings.map((ring, i) => (runsAnticlockwise(ring) === (i === 0) ? ring : [...ring].reverse())));
    const text = JSON.stringify(turned);
    if (text !== row.polygons) await db.updateTable('ward_boundary').set({ polygons: text }).where('ward_id', '=', row.ward_id).execute();
  }
}
