/**
 * The optional tile map's settings (docs/deploy.md): MAP_TILE_URL, a tile server's address template such as
 * https://tiles.example.org/{z}/{x}/{y}.png, and MAP_TILE_ATTRIBUTION, the credit its terms ask for. Unset,
 * there is no map and no page names any other site's images (the Content-Security-Policy allows none). A
 * template that is not a plain http(s) address with {z}, {x} and {y} stops the server at start.
 */
export interface MapTiles {
  template: string;
  /** The tile server's origin: the one other site pages may load images from. */
  origin: string;
  attribution: string;
}

const MAX_ATTRIBUTION = 200;

export function readMapTiles(env: NodeJS.ProcessEnv = process.env): MapTiles | null {
  const template = (env.MAP_TILE_URL ?? '').trim();
  if (!template) return null;
  const fail = (why: string) => new Error(`MAP_TILE_URL ${why}, such as https://tiles.example.org/{z}/{x}/{y}.png; got "${template}"`);
  if (!['{z}', '{x}', '{y}'].every((p) => template.includes(p))) throw fail('must hold {z}, {x} and {y}');
  if (/\{(?![zxy]\})[^}]*\}/.test(template)) throw fail('may hold no placeholder but {z}, {x} and {y} (one host, no {s} subdomains)');
  let url: URL;
  try {
    url = new URL(template.replaceAll(/\{[zxy]\}/g, '0'));
  } catch {
    throw fail('must be a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail('must start with https://');
  if (url.username || url.password) throw fail('may not carry a user name or password (every visitor would see them)');
  const attribution = (env.MAP_TILE_ATTRIBUTION ?? '').trim().slice(0, MAX_ATTRIBUTION) || `Map tiles: ${url.host}`;
  return { template, origin: url.origin, attribution };
}

let settings: MapTiles | null | undefined;
/** The settings as the server started with them. */
export function mapTiles(): MapTiles | null {
  if (settings === undefined) settings = readMapTiles();
  return settings;
}
