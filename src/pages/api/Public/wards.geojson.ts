import { endpoint } from '../../../server/http';
import { boundariesGeoJson } from '../../../features/wards/wards.server';

/** Open data: every ward's boundary as a GeoJSON FeatureCollection (RFC 7946), ward numbers in `ward`. */
export const GET = endpoint(async () =>
  new Response(JSON.stringify(await boundariesGeoJson()), {
    headers: { 'content-type': 'application/geo+json; charset=utf-8', 'cache-control': 'no-store', 'access-control-allow-origin': '*' },
  }),
);
