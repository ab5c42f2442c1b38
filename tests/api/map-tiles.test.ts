import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, baseUrl, bearer, login } from '../support/api';
import { startServer, type TestServer } from '../support/server';

/**
 * The optional tile map (MAP_TILE_URL): off on the shared server, where no page may load another site's
 * image; on a server of its own with the setting, the Content-Security-Policy allows exactly the tile host,
 * and the map shows a case's point on the staff case page (exact) and the tracking page (rounded to ~100 m),
 * and "use my location" is given the tiles with the ward.
 */
const TILES = 'https://tiles.test.example:8443/osm/{z}/{x}/{y}.png';
let server: TestServer;

const imgSrc = (res: Response) => /(?:^|;\s*)img-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

beforeAll(async () => {
  server = await startServer({ MAP_TILE_URL: TILES, MAP_TILE_ATTRIBUTION: '© Test tile makers' });
});

afterAll(async () => {
  await server?.stop();
});

describe('without a tile server', () => {
  it('allows images from no other site, and draws no map', async () => {
    const admin = bearer(await login(ADMIN.email, ADMIN.password));
    expect(imgSrc(await fetch(`${baseUrl()}/postgrievance`))).toBe("'self' data:");
    expect(imgSrc(await fetch(`${baseUrl()}/ward-boundaries`, { headers: admin }))).toBe("'self' data: blob:");
    expect(await (await fetch(`${baseUrl()}/api/Public/wards/at?lat=26.15&long=85.9`)).json()).toEqual({ ward: 13, wardId: expect.any(Number) });
    expect(await (await fetch(`${baseUrl()}/postgrievance`)).text()).not.toContain('data-locate-map');
  });
});

describe('with a tile server', () => {
  it('allows that one host\'s images on public and back office pages, and nothing else', async () => {
    const admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
    expect(imgSrc(await fetch(`${server.url}/postgrievance`))).toBe("'self' data: https://tiles.test.example:8443");
    expect(imgSrc(await fetch(`${server.url}/cases`, { headers: admin }))).toBe("'self' data: blob: https://tiles.test.example:8443");
    const at = (await (await fetch(`${server.url}/api/Public/wards/at?lat=26.1512&long=85.9031`)).json()) as { ward: number; map: { zoom: number; tiles: { src: string }[] } };
    expect(at.ward).toBe(13);
    expect(at.map.tiles.map((t) => t.src)).toContain('https://tiles.test.example:8443/osm/17/96812/55665.png');
    const form = await (await fetch(`${server.url}/hi/postgrievance`)).text();
    expect(form).toContain('data-locate-map');
    expect(form).toContain('© Test tile makers');
  });

  it('shows a case\'s point to staff exactly and to its citizen rounded', async () => {
    const mobile = `98${String(Date.now()).slice(-8)}`;
    const lodged = await fetch(`${server.url}/open311/v2/requests.json`, {
      method: 'POST', body: new URLSearchParams({ service_code: '2', lat: '26.151234', long: '85.903149', description: 'Pothole in front of the temple.', phone: mobile }),
    });
    expect(lodged.status).toBe(201);
    const [{ service_request_id: number }] = (await lodged.json()) as { service_request_id: string }[];
    const admin = bearer(await login(ADMIN.email, ADMIN.password, server.url));
    const staffPage = await (await fetch(`${server.url}/cases/${number}`, { headers: admin })).text();
    expect(staffPage).toContain('data-point-map');
    expect(staffPage).toContain('aria-label="Map of the point 26.151234, 85.903149"');
    expect(staffPage).toContain('src="https://tiles.test.example:8443/osm/17/96812/55665.png"');
    expect(staffPage).toContain('point-map-marker');

    const tracked = await (await fetch(`${server.url}/hi/trackgrievance`, { method: 'POST', body: new URLSearchParams({ number, mobile, action: 'lookup' }) })).text();
    expect(tracked).toContain('aria-label="बिंदु 26.151, 85.903 का नक्शा"');
    expect(tracked).toContain('https://tiles.test.example:8443/osm/16/');
    // The map itself names and draws only the rounded point (the page's "where" is the citizen's own text).
    const map = /<figure class="point-map"[^]*?<\/figure>/.exec(tracked)?.[0] ?? '';
    expect(map).toContain('point-map-area');
    expect(map).not.toContain('point-map-marker');
    expect(map).not.toContain('26.151234');
    expect(tracked).toContain('बिंदु लगभग 100 मीटर तक दिखाया गया है।');
  });

  it('stops a server whose template names no tile', async () => {
    const bad = await startServer({ MAP_TILE_URL: 'https://{s}.tiles.test.example/{z}/{x}/{y}.png' }, { expectFailure: true });
    expect(bad.output()).toContain('Cannot start: MAP_TILE_URL may hold no placeholder but {z}, {x} and {y}');
    await bad.stop();
  });
});
