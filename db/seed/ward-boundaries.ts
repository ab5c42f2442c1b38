import type { Db } from '../../src/server/db';
import { hasDemoPart } from './demo-parts';
import { nowIso } from '../../src/server/db';

/**
 * The demo town's ward boundaries: a 5 × 5 grid of rectangles 0.01° on a side (about 1.1 km north–south,
 * 1 km east–west) around 26.15° N, 85.90° E in north Bihar, numbered 1–25 in rows from the north-west
 * corner. Neighbours share edges exactly, so the upload check passes them. GeoJSON: [longitude, latitude],
 * outer rings counter-clockwise.
 */
export const DEMO_WARD_BOUNDARIES = {
  type: 'FeatureCollection',
  features: [
  { type: 'Feature', properties: { ward: 1 }, geometry: { type: 'Polygon', coordinates: [[[85.875, 26.165], [85.885, 26.165], [85.885, 26.175], [85.875, 26.175], [85.875, 26.165]]] } },
  { type: 'Feature', properties: { ward: 2 }, geometry: { type: 'Polygon', coordinates: [[[85.885, 26.165], [85.895, 26.165], [85.895, 26.175], [85.885, 26.175], [85.885, 26.165]]] } },
  { type: 'Feature', properties: { ward: 3 }, geometry: { type: 'Polygon', coordinates: [[[85.895, 26.165], [85.905, 26.165], [85.905, 26.175], [85.895, 26.175], [85.895, 26.165]]] } },
  { type: 'Feature', properties: { ward: 4 }, geometry: { type: 'Polygon', coordinates: [[[85.905, 26.165], [85.915, 26.165], [85.915, 26.175], [85.905, 26.175], [85.905, 26.165]]] } },
  { type: 'Feature', properties: { ward: 5 }, geometry: { type: 'Polygon', coordinates: [[[85.915, 26.165], [85.925, 26.165], [85.925, 26.175], [85.915, 26.175], [85.915, 26.165]]] } },
  { type: 'Feature', properties: { ward: 6 }, geometry: { type: 'Polygon', coordinates: [[[85.875, 26.155], [85.885, 26.155], [85.885, 26.165], [85.875, 26.165], [85.875, 26.155]]] } },
  { type: 'Feature', properties: { ward: 7 }, geometry: { type: 'Polygon', coordinates: [[[85.885, 26.155], [85.895, 26.155], [85.895, 26.165], [85.885, 26.165], [85.885, 26.155]]] } },
  { type: 'Feature', properties: { ward: 8 }, geometry: { type: 'Polygon', coordinates: [[[85.895, 26.155], [85.905, 26.155], [85.905, 26.165], [85.895, 26.165], [85.895, 26.155]]] } },
  { type: 'Feature', properties: { ward: 9 }, geometry: { type: 'Polygon', coordinates: [[[85.905, 26.155], [85.915, 26.155], [85.915, 26.165], [85.905, 26.165], [85.905, 26.155]]] } },
  { type: 'Feature', properties: { ward: 10 }, geometry: { type: 'Polygon', coordinates: [[[85.915, 26.155], [85.925, 26.155], [85.925, 26.165], [85.915, 26.165], [85.915, 26.155]]] } },
  { type: 'Feature', properties: { ward: 11 }, geometry: { type: 'Polygon', coordinates: [[[85.875, 26.145], [85.885, 26.145], [85.885, 26.155], [85.875, 26.155], [85.875, 26.145]]] } },
  { type: 'Feature', properties: { ward: 12 }, geometry: { type: 'Polygon', coordinates: [[[85.885, 26.145], [85.895, 26.145], [85.895, 26.155], [85.885, 26.155], [85.885, 26.145]]] } },
  { type: 'Feature', properties: { ward: 13 }, geometry: { type: 'Polygon', coordinates: [[[85.895, 26.145], [85.905, 26.145], [85.905, 26.155], [85.895, 26.155], [85.895, 26.145]]] } },
  { type: 'Feature', properties: { ward: 14 }, geometry: { type: 'Polygon', coordinates: [[[85.905, 26.145], [85.915, 26.145], [85.915, 26.155], [85.905, 26.155], [85.905, 26.145]]] } },
  { type: 'Feature', properties: { ward: 15 }, geometry: { type: 'Polygon', coordinates: [[[85.915, 26.145], [85.925, 26.145], [85.925, 26.155], [85.915, 26.155], [85.915, 26.145]]] } },
  { type: 'Feature', properties: { ward: 16 }, geometry: { type: 'Polygon', coordinates: [[[85.875, 26.135], [85.885, 26.135], [85.885, 26.145], [85.875, 26.145], [85.875, 26.135]]] } },
  { type: 'Feature', properties: { ward: 17 }, geometry: { type: 'Polygon', coordinates: [[[85.885, 26.135], [85.895, 26.135], [85.895, 26.145], [85.885, 26.145], [85.885, 26.135]]] } },
  { type: 'Feature', properties: { ward: 18 }, geometry: { type: 'Polygon', coordinates: [[[85.895, 26.135], [85.905, 26.135], [85.905, 26.145], [85.895, 26.145], [85.895, 26.135]]] } },
  { type: 'Feature', properties: { ward: 19 }, geometry: { type: 'Polygon', coordinates: [[[85.905, 26.135], [85.915, 26.135], [85.915, 26.145], [85.905, 26.145], [85.905, 26.135]]] } },
  { type: 'Feature', properties: { ward: 20 }, geometry: { type: 'Polygon', coordinates: [[[85.915, 26.135], [85.925, 26.135], [85.925, 26.145], [85.915, 26.145], [85.915, 26.135]]] } },
  { type: 'Feature', properties: { ward: 21 }, geometry: { type: 'Polygon', coordinates: [[[85.875, 26.125], [85.885, 26.125], [85.885, 26.135], [85.875, 26.135], [85.875, 26.125]]] } },
  { type: 'Feature', properties: { ward: 22 }, geometry: { type: 'Polygon', coordinates: [[[85.885, 26.125], [85.895, 26.125], [85.895, 26.135], [85.885, 26.135], [85.885, 26.125]]] } },
  { type: 'Feature', properties: { ward: 23 }, geometry: { type: 'Polygon', coordinates: [[[85.895, 26.125], [85.905, 26.125], [85.905, 26.135], [85.895, 26.135], [85.895, 26.125]]] } },
  { type: 'Feature', properties: { ward: 24 }, geometry: { type: 'Polygon', coordinates: [[[85.905, 26.125], [85.915, 26.125], [85.915, 26.135], [85.905, 26.135], [85.905, 26.125]]] } },
  { type: 'Feature', properties: { ward: 25 }, geometry: { type: 'Polygon', coordinates: [[[85.915, 26.125], [85.925, 26.125], [85.925, 26.135], [85.915, 26.135], [85.915, 26.125]]] } },
  ],
} as const;

/** Gives every demo ward its boundary, once: only while no boundary exists at all. */
export async function seedWardBoundariesDemo(database: Db): Promise<boolean> {
  if (await hasDemoPart(database, 'wardBoundaries')) return false;
  const wards = new Map((await database.selectFrom('ward').select(['id', 'ward_number']).execute()).map((w) => [w.ward_number, w.id]));
  const rows = DEMO_WARD_BOUNDARIES.features.flatMap((f) => {
    const id = wards.get(String(f.properties.ward));
    return id === undefined ? [] : [{ ward_id: id, polygons: JSON.stringify([f.geometry.coordinates]), updated_at: nowIso() }];
  });
  if (rows.length === 0) return false;
  await database.insertInto('ward_boundary').values(rows).execute();
  return true;
}
