import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { demoCouncil } from './council';

/**
 * Demo pictures drawn as SVG and rendered to JPEG. They are flat illustrations, not photographs: tidy enough
 * to show how each page looks with real content, and obviously placeholders to anyone who looks closely.
 * Every drawing is deterministic (seeded), so re-running the seed produces byte-identical images, which the
 * media table then stores once.
 */

const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const SERIF = "'DejaVu Serif', 'Liberation Serif', Georgia, serif";

const JPEG_OPTIONS = { quality: 78, mozjpeg: true } as const;

/**
 * Rendered pictures kept by the hash of their drawing and of the renderer, so a later first start (a test
 * server's, a new data folder's) reads them instead of drawing all of them again: about twelve seconds of CPU.
 * The drawings are deterministic, so a kept picture is the very bytes a render would give. A folder that
 * cannot be written only means rendering each time.
 */
const PICTURE_CACHE = path.resolve('node_modules', '.cache', 'council-demo-pictures');

export async function svgToJpeg(svg: string): Promise<Uint8Array> {
  const key = createHash('sha256').update(`${JSON.stringify(sharp.versions)} ${JSON.stringify(JPEG_OPTIONS)}\n${svg}`).digest('hex');
  const file = path.join(PICTURE_CACHE, `${key}.jpg`);
  try {
    return new Uint8Array(await fs.promises.readFile(file));
  } catch {
    // Not kept yet: render it.
  }
  const jpeg = new Uint8Array(await sharp(Buffer.from(svg)).jpeg(JPEG_OPTIONS).toBuffer());
  try {
    await fs.promises.mkdir(PICTURE_CACHE, { recursive: true });
    // Written under a unique name and renamed, so a reader never sees half a picture.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await fs.promises.writeFile(partial, jpeg);
    await fs.promises.rename(partial, file);
  } catch {
    // A read-only install renders each time.
  }
  return jpeg;
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers

/** A seeded generator (mulberry32): same seed, same picture. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;

const between = (rand: Rand, min: number, max: number) => min + rand() * (max - min);
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];
const round = (n: number) => Math.round(n * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function stringSeed(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

function svgDocument(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

function verticalGradient(id: string, stops: readonly string[]): string {
  const parts = stops.map((colour, i) => `<stop offset="${i / Math.max(1, stops.length - 1)}" stop-color="${colour}"/>`);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${parts.join('')}</linearGradient>`;
}

/** Splits text into lines of at most maxChars characters, at word boundaries. */
function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Scenery pieces shared by banners, gallery pictures and complaint photos

function cloud(x: number, y: number, scale: number, opacity = 0.85): string {
  return (
    `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale)})" fill="#ffffff" opacity="${opacity}">` +
    '<ellipse cx="0" cy="0" rx="60" ry="22"/><ellipse cx="-38" cy="8" rx="40" ry="16"/>' +
    '<ellipse cx="42" cy="8" rx="44" ry="15"/><ellipse cx="4" cy="-15" rx="34" ry="22"/></g>'
  );
}

function clouds(rand: Rand, width: number, maxY: number, count: number, opacity = 0.85): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) / count) * width + between(rand, -60, 60);
    out += cloud(x, between(rand, maxY * 0.2, maxY), between(rand, 0.6, 1.4), opacity);
  }
  return out;
}

/** A soft ridge line across the picture, filled down to the bottom edge. */
function hills(rand: Rand, width: number, height: number, baseY: number, amplitude: number, fill: string): string {
  const steps = 6;
  let path = `M0 ${height} L0 ${round(baseY - between(rand, 0, amplitude))}`;
  for (let i = 1; i <= steps; i++) {
    const x = (i / steps) * width;
    const controlX = x - width / steps / 2;
    path += ` Q${round(controlX)} ${round(baseY - between(rand, amplitude * 0.4, amplitude * 1.4))} ${round(x)} ${round(baseY - between(rand, 0, amplitude * 0.6))}`;
  }
  return `<path d="${path} L${width} ${height} Z" fill="${fill}"/>`;
}

interface BuildingStyle {
  fill: string;
  windows?: string;
  minHeight: number;
  maxHeight: number;
}

/** A row of simple flat-roofed houses and blocks, as seen in small Bihar towns: boxy, with roof tanks. */
function buildingRow(rand: Rand, fromX: number, toX: number, baseY: number, style: BuildingStyle): string {
  let out = '';
  let x = fromX;
  while (x < toX) {
    const width = between(rand, 55, 130);
    const height = between(rand, style.minHeight, style.maxHeight);
    const top = baseY - height;
    out += `<rect x="${round(x)}" y="${round(top)}" width="${round(width)}" height="${round(height + 2)}" fill="${style.fill}"/>`;
    if (rand() < 0.35) {
      // The black plastic water tank on the roof is the most recognisable shape of the skyline.
      out += `<rect x="${round(x + width * 0.6)}" y="${round(top - 16)}" width="20" height="16" rx="4" fill="${style.fill}"/>`;
    }
    if (style.windows) {
      for (let wy = top + 14; wy < baseY - 22; wy += 26) {
        for (let wx = x + 10; wx < x + width - 18; wx += 24) {
          if (rand() < 0.8) out += `<rect x="${round(wx)}" y="${round(wy)}" width="10" height="13" fill="${style.windows}"/>`;
        }
      }
    }
    x += width + between(rand, 0, 10);
  }
  return out;
}

function tree(x: number, baseY: number, size: number, leaf: string, trunk: string): string {
  const r = size * 0.32;
  return (
    `<rect x="${round(x - size * 0.05)}" y="${round(baseY - size * 0.55)}" width="${round(size * 0.1)}" height="${round(size * 0.55)}" fill="${trunk}"/>` +
    `<g fill="${leaf}"><circle cx="${round(x)}" cy="${round(baseY - size * 0.78)}" r="${round(r)}"/>` +
    `<circle cx="${round(x - r * 0.8)}" cy="${round(baseY - size * 0.58)}" r="${round(r * 0.8)}"/>` +
    `<circle cx="${round(x + r * 0.8)}" cy="${round(baseY - size * 0.6)}" r="${round(r * 0.85)}"/></g>`
  );
}

function treeLine(rand: Rand, fromX: number, toX: number, baseY: number, size: number, leaves: readonly string[], trunk: string): string {
  let out = '';
  for (let x = fromX; x < toX; x += between(rand, size * 0.5, size * 1.1)) {
    out += tree(x, baseY + between(rand, -4, 4), size * between(rand, 0.75, 1.2), pick(rand, leaves), trunk);
  }
  return out;
}

function palm(x: number, baseY: number, size: number, fill: string): string {
  const top = baseY - size;
  let fronds = '';
  for (const angle of [-150, -115, -70, -30, 10]) {
    const rad = (angle * Math.PI) / 180;
    const ex = x + Math.cos(rad) * size * 0.45;
    const ey = top + Math.sin(rad) * size * 0.25 + size * 0.12;
    fronds += `<path d="M${round(x)} ${round(top)} Q${round((x + ex) / 2)} ${round(top - size * 0.15)} ${round(ex)} ${round(ey)}" stroke="${fill}" stroke-width="${round(size * 0.05)}" fill="none" stroke-linecap="round"/>`;
  }
  return `<path d="M${round(x - size * 0.03)} ${baseY} Q${round(x + size * 0.08)} ${round(baseY - size * 0.5)} ${round(x)} ${round(top)} L${round(x + size * 0.03)} ${round(top)} Q${round(x + size * 0.12)} ${round(baseY - size * 0.5)} ${round(x + size * 0.04)} ${baseY} Z" fill="${fill}"/>${fronds}`;
}

/** The national flag: saffron, white and green with the navy wheel of 24 spokes. */
function tricolour(x: number, y: number, width: number): string {
  const h = width * (2 / 3);
  const band = h / 3;
  const cx = x + width / 2;
  const cy = y + h / 2;
  const r = band * 0.42;
  let spokes = '';
  for (let i = 0; i < 24; i++) {
    const a = (i * Math.PI) / 12;
    spokes += `M${round(cx)} ${round(cy)} L${round(cx + Math.cos(a) * r)} ${round(cy + Math.sin(a) * r)} `;
  }
  return (
    `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(band)}" fill="#ff9933"/>` +
    `<rect x="${round(x)}" y="${round(y + band)}" width="${round(width)}" height="${round(band)}" fill="#ffffff"/>` +
    `<rect x="${round(x)}" y="${round(y + 2 * band)}" width="${round(width)}" height="${round(band)}" fill="#138808"/>` +
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="#000080" stroke-width="${round(Math.max(1, r * 0.14))}"/>` +
    `<path d="${spokes}" stroke="#000080" stroke-width="${round(Math.max(0.6, r * 0.06))}"/>`
  );
}

/** Triangular festive flags strung between two points, in the flag's colours. */
function bunting(fromX: number, toX: number, y: number, sag: number, size: number): string {
  const colours = ['#ff9933', '#ffffff', '#138808'];
  const count = Math.floor((toX - fromX) / (size * 1.2));
  let out = `<path d="M${fromX} ${y} Q${(fromX + toX) / 2} ${y + sag * 2} ${toX} ${y}" stroke="#5b5b5b" stroke-width="2" fill="none"/>`;
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const px = fromX + (toX - fromX) * t;
    const py = y + sag * 4 * t * (1 - t);
    out += `<path d="M${round(px - size / 2)} ${round(py)} L${round(px + size / 2)} ${round(py)} L${round(px)} ${round(py + size)} Z" fill="${colours[i % 3]}"/>`;
  }
  return out;
}

interface PersonStyle {
  clothes: string;
  skin: string;
  hair?: string;
  /** Something held: a broom for the cleanliness drive, a small flag for Republic Day. */
  holding?: 'broom' | 'flag' | 'none';
}

/** A flat standing figure; height in pixels from feet to the top of the head. */
function person(x: number, baseY: number, height: number, style: PersonStyle): string {
  const headR = height * 0.1;
  const headY = baseY - height + headR;
  const shoulderY = headY + headR * 1.6;
  const half = height * 0.16;
  const body =
    `M${round(x - half)} ${round(baseY)} L${round(x - half * 0.95)} ${round(shoulderY + half * 0.4)} ` +
    `Q${round(x - half)} ${round(shoulderY)} ${round(x - half * 0.4)} ${round(shoulderY)} L${round(x + half * 0.4)} ${round(shoulderY)} ` +
    `Q${round(x + half)} ${round(shoulderY)} ${round(x + half * 0.95)} ${round(shoulderY + half * 0.4)} L${round(x + half)} ${round(baseY)} Z`;
  let out = `<path d="${body}" fill="${style.clothes}"/>`;
  out += `<circle cx="${round(x)}" cy="${round(headY)}" r="${round(headR)}" fill="${style.skin}"/>`;
  if (style.hair) out += `<path d="M${round(x - headR)} ${round(headY)} A${round(headR)} ${round(headR)} 0 0 1 ${round(x + headR)} ${round(headY)} Z" fill="${style.hair}"/>`;
  if (style.holding === 'broom') {
    const hx = x + half * 1.1;
    out +=
      `<path d="M${round(hx - height * 0.05)} ${round(shoulderY + height * 0.1)} L${round(hx + height * 0.22)} ${round(baseY - height * 0.06)}" stroke="#8a5a2b" stroke-width="${round(height * 0.025)}" stroke-linecap="round"/>` +
      `<path d="M${round(hx + height * 0.17)} ${round(baseY - height * 0.1)} L${round(hx + height * 0.36)} ${round(baseY)} L${round(hx + height * 0.16)} ${round(baseY)} Z" fill="#d9b36c"/>`;
  } else if (style.holding === 'flag') {
    const hx = x + half * 1.05;
    const top = shoulderY - height * 0.25;
    out += `<path d="M${round(hx)} ${round(shoulderY + height * 0.15)} L${round(hx)} ${round(top)}" stroke="#6b6b6b" stroke-width="${round(height * 0.015)}"/>`;
    out += tricolour(hx, top, height * 0.16);
  }
  return out;
}

const SKINS = ['#8d5a3b', '#a0694a', '#b97d57', '#c68c63', '#7a4a2e', '#9c6644'] as const;
const HAIRS = ['#1d1a1a', '#2b2321', '#3a2e2a', '#141414'] as const;

/** A row of people with varied heights and clothes, placed evenly with a little jitter. */
function crowd(
  rand: Rand,
  fromX: number,
  toX: number,
  baseY: number,
  height: number,
  count: number,
  clothes: readonly string[],
  holding: PersonStyle['holding'] = 'none',
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = fromX + ((i + 0.5) / count) * (toX - fromX) + between(rand, -8, 8);
    const style: PersonStyle = { clothes: pick(rand, clothes), skin: pick(rand, SKINS), hair: pick(rand, HAIRS), holding };
    out += person(x, baseY + between(rand, -3, 3), height * between(rand, 0.88, 1.08), style);
  }
  return out;
}

/** The council's own office: a two-storey colonial-era block with a clock tower and the flag. */
function councilBuilding(x: number, baseY: number, scale: number, wall: string, trim: string): string {
  const w = 420 * scale;
  const h = 150 * scale;
  const left = x - w / 2;
  const top = baseY - h;
  let out = `<rect x="${round(left)}" y="${round(top)}" width="${round(w)}" height="${round(h)}" fill="${wall}"/>`;
  out += `<rect x="${round(left - 8 * scale)}" y="${round(top - 10 * scale)}" width="${round(w + 16 * scale)}" height="${round(12 * scale)}" fill="${trim}"/>`;
  for (let i = 0; i < 9; i++) {
    const ax = left + 18 * scale + i * 45 * scale;
    for (const row of [0, 1]) {
      const ay = top + 22 * scale + row * 62 * scale;
      out += `<path d="M${round(ax)} ${round(ay + 40 * scale)} L${round(ax)} ${round(ay + 12 * scale)} A${round(13 * scale)} ${round(12 * scale)} 0 0 1 ${round(ax + 26 * scale)} ${round(ay + 12 * scale)} L${round(ax + 26 * scale)} ${round(ay + 40 * scale)} Z" fill="${trim}" opacity="0.75"/>`;
    }
  }
  const tw = 70 * scale;
  const th = 120 * scale;
  const tl = x - tw / 2;
  const tt = top - th;
  out += `<rect x="${round(tl)}" y="${round(tt)}" width="${round(tw)}" height="${round(th + 2)}" fill="${wall}"/>`;
  out += `<path d="M${round(tl - 6 * scale)} ${round(tt)} L${round(x)} ${round(tt - 40 * scale)} L${round(tl + tw + 6 * scale)} ${round(tt)} Z" fill="${trim}"/>`;
  out += `<circle cx="${round(x)}" cy="${round(tt + 40 * scale)}" r="${round(22 * scale)}" fill="#fbf6e9" stroke="${trim}" stroke-width="${round(4 * scale)}"/>`;
  out += `<path d="M${round(x)} ${round(tt + 40 * scale)} L${round(x)} ${round(tt + 26 * scale)} M${round(x)} ${round(tt + 40 * scale)} L${round(x + 11 * scale)} ${round(tt + 44 * scale)}" stroke="#333" stroke-width="${round(3 * scale)}" stroke-linecap="round"/>`;
  const poleTop = tt - 40 * scale - 70 * scale;
  out += `<path d="M${round(x)} ${round(tt - 40 * scale)} L${round(x)} ${round(poleTop)}" stroke="#555" stroke-width="${round(3 * scale)}"/>`;
  out += tricolour(x, poleTop, 48 * scale);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Slider banners, 1600 x 600

export type BannerScene = 'riverside' | 'skyline' | 'park' | 'evening';

export interface BannerSpec {
  scene: BannerScene;
  /** The slide's caption, shown as text with the picture (never drawn into it). */
  headline: string;
  subline: string;
  /** What the picture shows: its alt text. */
  description: string;
}

const BANNER_W = 1600;
const BANNER_H = 600;

function riversideScene(rand: Rand): { defs: string; body: string } {
  const defs = verticalGradient('sky', ['#ffb36b', '#ffd9a0', '#fff1d6']) + verticalGradient('water', ['#6aa6c9', '#2f6f93']);
  let body = `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#sky)"/>`;
  body += `<circle cx="1180" cy="250" r="90" fill="#fff3c4" opacity="0.95"/>`;
  body += clouds(rand, BANNER_W, 160, 4, 0.6);
  body += hills(rand, BANNER_W, BANNER_H, 350, 40, '#c98a5a');
  body += buildingRow(rand, 0, BANNER_W, 380, { fill: '#8c5a3c', minHeight: 40, maxHeight: 110 });
  // Temple spire on the ghat, the landmark of any riverside town.
  body += `<path d="M300 380 L300 250 L330 190 L360 250 L360 380 Z" fill="#7a4a30"/><path d="M330 190 L330 160" stroke="#7a4a30" stroke-width="4"/><path d="M330 160 L352 168 L330 176 Z" fill="#e0531f"/>`;
  for (let i = 0; i < 6; i++) body += `<rect x="${120 + i * 14}" y="${380 + i * 10}" width="${560 - i * 28}" height="10" fill="${i % 2 ? '#d9b48a' : '#c9a179'}"/>`;
  body += `<rect x="0" y="440" width="${BANNER_W}" height="160" fill="url(#water)"/>`;
  for (let i = 0; i < 14; i++) {
    const y = between(rand, 455, 590);
    const x = between(rand, 0, BANNER_W - 200);
    body += `<path d="M${round(x)} ${round(y)} q40 -8 80 0 t80 0" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3" fill="none"/>`;
  }
  body += `<path d="M980 470 L1120 470 L1100 492 L1000 492 Z" fill="#5b3a22"/><path d="M1050 470 L1050 420" stroke="#5b3a22" stroke-width="4"/>`;
  return { defs, body };
}

function skylineScene(rand: Rand): { defs: string; body: string } {
  const defs = verticalGradient('sky', ['#4f9fd8', '#9fd0f0', '#e6f4fb']);
  let body = `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#sky)"/>`;
  body += clouds(rand, BANNER_W, 170, 5);
  body += buildingRow(rand, 0, BANNER_W, 470, { fill: '#9bb7cc', minHeight: 120, maxHeight: 220 });
  body += buildingRow(rand, -40, BANNER_W, 500, { fill: '#e9d8b8', windows: '#8aa7bd', minHeight: 70, maxHeight: 150 });
  body += councilBuilding(800, 500, 1, '#f4e6c8', '#b5542f');
  body += `<rect x="0" y="500" width="${BANNER_W}" height="100" fill="#7b7f86"/>`;
  body += `<rect x="0" y="496" width="${BANNER_W}" height="8" fill="#c9c2b3"/>`;
  for (let x = 40; x < BANNER_W; x += 140) body += `<rect x="${x}" y="548" width="70" height="6" fill="#f3f3f3"/>`;
  body += treeLine(rand, 30, 520, 500, 90, ['#3f8f4e', '#4c9b57'], '#6b4a2b');
  body += treeLine(rand, 1090, 1600, 500, 90, ['#3f8f4e', '#4c9b57'], '#6b4a2b');
  return { defs, body };
}

function parkScene(rand: Rand): { defs: string; body: string } {
  const defs = verticalGradient('sky', ['#7cc6c2', '#c9ece4', '#f4fbf6']) + verticalGradient('lawn', ['#7fbf5a', '#4f9a3e']);
  let body = `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#sky)"/>`;
  body += clouds(rand, BANNER_W, 150, 4);
  body += hills(rand, BANNER_W, BANNER_H, 330, 50, '#9fcf8c');
  body += treeLine(rand, -20, BANNER_W + 40, 390, 150, ['#2f7d46', '#3c8f50', '#2b6e3f'], '#5a3d24');
  body += `<rect x="0" y="380" width="${BANNER_W}" height="220" fill="url(#lawn)"/>`;
  // A curved walking track, the new feature of the town's pond-side park.
  body += `<path d="M-20 600 C 400 470, 900 560, 1620 420 L1620 470 C 900 610, 420 520, -20 640 Z" fill="#e4c89a"/>`;
  body += `<ellipse cx="1240" cy="520" rx="220" ry="46" fill="#5fa8c8"/><ellipse cx="1240" cy="514" rx="180" ry="30" fill="#86c3dc"/>`;
  for (const x of [320, 760]) {
    body += `<rect x="${x}" y="470" width="90" height="10" rx="3" fill="#8a5a2b"/><rect x="${x + 8}" y="480" width="8" height="22" fill="#6b4423"/><rect x="${x + 74}" y="480" width="8" height="22" fill="#6b4423"/>`;
  }
  body += palm(1500, 420, 200, '#2b6e3f') + palm(120, 420, 180, '#2b6e3f');
  return { defs, body };
}

function eveningScene(rand: Rand): { defs: string; body: string } {
  const defs =
    verticalGradient('sky', ['#2b2d6e', '#7a4b8c', '#f08a5d']) +
    '<radialGradient id="glow"><stop offset="0" stop-color="#ffe9a8" stop-opacity="0.9"/><stop offset="1" stop-color="#ffe9a8" stop-opacity="0"/></radialGradient>';
  let body = `<rect width="${BANNER_W}" height="${BANNER_H}" fill="url(#sky)"/>`;
  for (let i = 0; i < 40; i++) body += `<circle cx="${round(between(rand, 0, BANNER_W))}" cy="${round(between(rand, 10, 200))}" r="${round(between(rand, 0.8, 2))}" fill="#fff" opacity="0.7"/>`;
  body += `<circle cx="260" cy="120" r="40" fill="#fff6d8"/>`;
  body += buildingRow(rand, 0, BANNER_W, 480, { fill: '#2a2440', windows: '#ffd27a', minHeight: 100, maxHeight: 240 });
  body += `<rect x="0" y="480" width="${BANNER_W}" height="120" fill="#35304a"/>`;
  for (let x = 100; x < BANNER_W; x += 280) {
    body += `<circle cx="${x + 30}" cy="330" r="110" fill="url(#glow)"/>`;
    body += `<path d="M${x} 520 L${x} 330 Q${x} 318 ${x + 14} 318 L${x + 38} 318" stroke="#1b1828" stroke-width="8" fill="none"/>`;
    body += `<rect x="${x + 22}" y="316" width="26" height="10" rx="4" fill="#fff2c2"/>`;
  }
  return { defs, body };
}

const BANNER_SCENES: Record<BannerScene, (rand: Rand) => { defs: string; body: string }> = {
  riverside: riversideScene,
  skyline: skylineScene,
  park: parkScene,
  evening: eveningScene,
};

export function bannerSvg(spec: BannerSpec, seed: number): string {
  const { defs, body } = BANNER_SCENES[spec.scene](seeded(seed));
  // No words in the picture: the caption is text on the page, readable at every width and by screen readers.
  return svgDocument(BANNER_W, BANNER_H, defs, body);
}

// ---------------------------------------------------------------------------------------------------------
// Portraits, 400 x 400

export interface PortraitSpec {
  name: string;
  gender: 'f' | 'm';
  /** Picks a palette; different values give different backgrounds and clothes. */
  variant: number;
  /** Grey hair for senior office holders. */
  senior?: boolean;
}

const PORTRAIT_PALETTES = [
  { bg: '#d8e8f5', glow: '#eef5fb', clothes: '#1f4e79', accent: '#f2a541' },
  { bg: '#f6e3c8', glow: '#fbf1e2', clothes: '#8c2f39', accent: '#f7d08a' },
  { bg: '#dcefdc', glow: '#eef8ee', clothes: '#2e6b4f', accent: '#f0c05a' },
  { bg: '#ece0f3', glow: '#f6effa', clothes: '#5b3f8c', accent: '#ffb4a2' },
  { bg: '#fde2e2', glow: '#fff0f0', clothes: '#b5452f', accent: '#ffd166' },
  { bg: '#e0f2f1', glow: '#f0faf9', clothes: '#00695c', accent: '#ffcc80' },
  { bg: '#fff3cd', glow: '#fffaeb', clothes: '#7a5c1e', accent: '#8fc1e3' },
  { bg: '#e3e7ee', glow: '#f3f5f8', clothes: '#37474f', accent: '#ef8354' },
] as const;

const HONORIFICS = new Set(['shri', 'smt', 'smt.', 'ms', 'ms.', 'mr', 'mr.', 'dr', 'dr.', 'md', 'md.', 'er', 'er.']);

/** Two initials from a name, skipping honorifics and service suffixes ("Shri Pranav Kumar Jha, IAS" gives "PJ"). */
export function initialsOf(name: string): string {
  const words = name
    .split(',')[0]
    .split(/\s+/)
    .filter((w) => w && !HONORIFICS.has(w.toLowerCase()));
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}

export function portraitSvg(spec: PortraitSpec): string {
  const palette = PORTRAIT_PALETTES[spec.variant % PORTRAIT_PALETTES.length];
  const rand = seeded(stringSeed(spec.name));
  const skin = pick(rand, SKINS);
  const hair = spec.senior ? pick(rand, ['#9e9e9e', '#bdbdbd', '#757575']) : pick(rand, HAIRS);
  const defs = `<radialGradient id="bg" cx="0.5" cy="0.35" r="0.75"><stop offset="0" stop-color="${palette.glow}"/><stop offset="1" stop-color="${palette.bg}"/></radialGradient>`;
  let body = `<rect width="400" height="400" fill="url(#bg)"/>`;
  if (spec.gender === 'f') {
    // Long hair falls behind the shoulders, so it is drawn first.
    body += `<path d="M128 170 Q126 92 200 88 Q274 92 272 170 L282 300 Q200 322 118 300 Z" fill="${hair}"/>`;
  }
  body += `<rect x="176" y="214" width="48" height="70" rx="18" fill="${skin}"/>`;
  body += `<path d="M48 400 C52 318 108 276 178 268 L222 268 C292 276 348 318 352 400 Z" fill="${palette.clothes}"/>`;
  if (spec.gender === 'f') {
    body += `<path d="M112 318 C170 300 250 330 300 400 L250 400 C220 350 170 330 104 340 Z" fill="${palette.accent}" opacity="0.9"/>`;
  } else {
    body += `<path d="M178 268 L200 306 L222 268 Z" fill="#f4f4f4"/>`;
  }
  body += `<ellipse cx="200" cy="168" rx="60" ry="70" fill="${skin}"/>`;
  body += `<ellipse cx="140" cy="174" rx="10" ry="16" fill="${skin}"/><ellipse cx="260" cy="174" rx="10" ry="16" fill="${skin}"/>`;
  if (spec.gender === 'f') {
    body += `<path d="M140 160 Q142 96 200 96 Q258 96 260 160 Q236 118 200 122 Q164 118 140 160 Z" fill="${hair}"/>`;
  } else if (spec.senior && rand() < 0.5) {
    body += `<path d="M140 158 Q138 128 150 116 L160 140 Q158 150 148 166 Z M260 158 Q262 128 250 116 L240 140 Q242 150 252 166 Z" fill="${hair}"/>`;
  } else {
    body += `<path d="M138 160 Q134 96 200 94 Q266 96 262 160 Q254 128 232 120 Q200 134 168 120 Q146 128 138 160 Z" fill="${hair}"/>`;
  }
  body += `<circle cx="312" cy="320" r="50" fill="#ffffff" opacity="0.92"/>`;
  body += `<text x="312" y="337" text-anchor="middle" font-family="${SANS}" font-size="44" font-weight="bold" fill="${palette.clothes}">${escapeXml(initialsOf(spec.name))}</text>`;
  return svgDocument(400, 400, defs, body);
}

// ---------------------------------------------------------------------------------------------------------
// About images, 800 x 500

export type AboutScene = 'heritage' | 'services' | 'vision';

function garbageVan(x: number, baseY: number, scale: number, colour: string): string {
  const s = scale;
  return (
    `<rect x="${round(x)}" y="${round(baseY - 80 * s)}" width="${round(150 * s)}" height="${round(62 * s)}" rx="${round(6 * s)}" fill="${colour}"/>` +
    `<path d="M${round(x + 150 * s)} ${round(baseY - 18 * s)} L${round(x + 150 * s)} ${round(baseY - 70 * s)} L${round(x + 195 * s)} ${round(baseY - 70 * s)} L${round(x + 215 * s)} ${round(baseY - 42 * s)} L${round(x + 215 * s)} ${round(baseY - 18 * s)} Z" fill="#f2f2f2"/>` +
    `<path d="M${round(x + 160 * s)} ${round(baseY - 62 * s)} L${round(x + 192 * s)} ${round(baseY - 62 * s)} L${round(x + 206 * s)} ${round(baseY - 44 * s)} L${round(x + 160 * s)} ${round(baseY - 44 * s)} Z" fill="#9fd3ef"/>` +
    `<text x="${round(x + 75 * s)}" y="${round(baseY - 44 * s)}" text-anchor="middle" font-family="${SANS}" font-size="${round(15 * s)}" font-weight="bold" fill="#ffffff">SWACHH</text>` +
    `<circle cx="${round(x + 40 * s)}" cy="${round(baseY - 14 * s)}" r="${round(15 * s)}" fill="#222"/><circle cx="${round(x + 180 * s)}" cy="${round(baseY - 14 * s)}" r="${round(15 * s)}" fill="#222"/>` +
    `<circle cx="${round(x + 40 * s)}" cy="${round(baseY - 14 * s)}" r="${round(6 * s)}" fill="#aaa"/><circle cx="${round(x + 180 * s)}" cy="${round(baseY - 14 * s)}" r="${round(6 * s)}" fill="#aaa"/>`
  );
}

function solarPanels(x: number, baseY: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const px = x + i * 78;
    out += `<path d="M${px} ${baseY - 40} L${px + 70} ${baseY - 40} L${px + 60} ${baseY - 78} L${px + 10} ${baseY - 78} Z" fill="#1f3c73" stroke="#c7d3e6" stroke-width="2"/>`;
    out += `<path d="M${px + 35} ${baseY - 40} L${px + 35} ${baseY - 78} M${px + 5} ${baseY - 59} L${px + 65} ${baseY - 59}" stroke="#c7d3e6" stroke-width="1.5"/>`;
    out += `<rect x="${px + 31}" y="${baseY - 40}" width="8" height="40" fill="#777"/>`;
  }
  return out;
}

export function aboutSvg(scene: AboutScene, seed: number): string {
  const rand = seeded(seed);
  const W = 800;
  const H = 500;
  let defs: string;
  let body: string;
  if (scene === 'heritage') {
    defs = verticalGradient('sky', ['#f7c59f', '#fbe3c8', '#fdf4e7']);
    body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + clouds(rand, W, 110, 3, 0.7);
    body += buildingRow(rand, 0, W, 400, { fill: '#d6b38f', minHeight: 60, maxHeight: 130 });
    body += councilBuilding(400, 420, 0.9, '#f1dcb5', '#9c4a2a');
    body += `<rect x="0" y="420" width="${W}" height="80" fill="#c9b08a"/>`;
    body += treeLine(rand, 10, 170, 420, 80, ['#557a3a', '#64884a'], '#5a3d24') + treeLine(rand, 640, 800, 420, 80, ['#557a3a', '#64884a'], '#5a3d24');
  } else if (scene === 'services') {
    defs = verticalGradient('sky', ['#8ecae6', '#cfe9f5']);
    body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + clouds(rand, W, 120, 3);
    body += buildingRow(rand, 0, W, 360, { fill: '#f0d9b5', windows: '#7f9fb5', minHeight: 90, maxHeight: 190 });
    body += `<rect x="0" y="360" width="${W}" height="140" fill="#6f747b"/><rect x="0" y="356" width="${W}" height="8" fill="#cbc4b5"/>`;
    for (let x = 20; x < W; x += 120) body += `<rect x="${x}" y="428" width="60" height="6" fill="#f5f5f5"/>`;
    body += garbageVan(120, 420, 1.4, '#2e7d32');
    body += person(520, 420, 120, { clothes: '#f9a825', skin: SKINS[1], hair: HAIRS[0], holding: 'broom' });
    body += `<rect x="640" y="330" width="46" height="60" rx="6" fill="#2e7d32"/><rect x="694" y="330" width="46" height="60" rx="6" fill="#1565c0"/>`;
  } else {
    defs = verticalGradient('sky', ['#5fb4e6', '#bfe3f7', '#eef8fd']);
    body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>` + `<circle cx="660" cy="90" r="46" fill="#fff3b0"/>` + clouds(rand, W, 110, 3);
    body += buildingRow(rand, 0, W, 350, { fill: '#dfe9f1', windows: '#6fa3c7', minHeight: 120, maxHeight: 230 });
    body += `<rect x="0" y="350" width="${W}" height="150" fill="#7cbf5d"/>`;
    body += solarPanels(60, 420, 4);
    body += treeLine(rand, 420, 800, 400, 90, ['#2f7d46', '#3c8f50'], '#5a3d24');
    body += `<path d="M0 470 C 250 440, 520 500, 800 450 L800 500 L0 500 Z" fill="#e4c89a"/>`;
  }
  return svgDocument(W, H, defs, body);
}

// ---------------------------------------------------------------------------------------------------------
// Gallery pictures, 1200 x 800: three events, each shown from a few angles

export type GalleryScene = 'cleanliness' | 'republic-day' | 'water-tank';

const GW = 1200;
const GH = 800;

function cleanlinessScene(rand: Rand, variant: number): string {
  let body = `<rect width="${GW}" height="${GH}" fill="url(#sky)"/>` + clouds(rand, GW, 160, 4);
  body += buildingRow(rand, 0, GW, 380, { fill: '#e8d3b0', windows: '#8c6d4f', minHeight: 120, maxHeight: 230 });
  // The painted wall is where the campaign slogan goes in every town.
  body += `<rect x="0" y="380" width="${GW}" height="170" fill="#f2eee4"/><rect x="0" y="380" width="${GW}" height="10" fill="#c9483b"/>`;
  body += `<text x="${GW / 2}" y="450" text-anchor="middle" font-family="${SANS}" font-size="42" font-weight="bold" fill="#1d5f9e">${escapeXml(demoCouncil.tagline.en.toUpperCase())}</text>`;
  body += `<rect x="0" y="550" width="${GW}" height="250" fill="#b9a688"/>`;
  const clothes = ['#f9a825', '#ffffff', '#2e7d32', '#1565c0', '#e65100'];
  const size = [200, 240, 180, 260][variant % 4];
  const count = [6, 5, 7, 4][variant % 4];
  body += crowd(rand, 80, 1000, 760, size, count, clothes, 'broom');
  for (let i = 0; i < 18; i++) {
    body += `<ellipse cx="${round(between(rand, 60, 1140))}" cy="${round(between(rand, 700, 790))}" rx="${round(between(rand, 6, 16))}" ry="5" fill="${pick(rand, ['#8d6e63', '#a1887f', '#6d4c41'])}"/>`;
  }
  const binX = [1050, 980, 1080, 1020][variant % 4];
  body += `<rect x="${binX}" y="620" width="60" height="90" rx="8" fill="#2e7d32"/><rect x="${binX + 70}" y="620" width="60" height="90" rx="8" fill="#1565c0"/>`;
  body += `<rect x="${binX - 4}" y="612" width="68" height="12" rx="4" fill="#1b5e20"/><rect x="${binX + 66}" y="612" width="68" height="12" rx="4" fill="#0d47a1"/>`;
  return body;
}

function republicDayScene(rand: Rand, variant: number): string {
  let body = `<rect width="${GW}" height="${GH}" fill="url(#sky)"/>` + clouds(rand, GW, 200, 4);
  body += treeLine(rand, -20, GW + 40, 470, 170, ['#3c8f50', '#2f7d46', '#4c9b57'], '#5a3d24');
  body += `<rect x="0" y="460" width="${GW}" height="340" fill="#8bc06a"/>`;
  const poleX = [600, 420, 760, 560][variant % 4];
  const poleTop = [120, 90, 150, 100][variant % 4];
  // A stepped white plinth and the pole, with the flag just unfurled at the top.
  body += `<rect x="${poleX - 90}" y="560" width="180" height="30" fill="#f4f4f4"/><rect x="${poleX - 60}" y="530" width="120" height="30" fill="#e8e8e8"/>`;
  body += `<rect x="${poleX - 5}" y="${poleTop}" width="10" height="${530 - poleTop}" fill="#d9d9d9"/><circle cx="${poleX}" cy="${poleTop}" r="9" fill="#e6c35c"/>`;
  body += tricolour(poleX + 5, poleTop + 6, 210);
  for (let i = 0; i < 10; i++) {
    body += `<circle cx="${round(poleX + between(rand, 20, 200))}" cy="${round(poleTop + between(rand, 150, 240))}" r="4" fill="${pick(rand, ['#ff9933', '#ffffff', '#e91e63'])}"/>`;
  }
  body += bunting(0, GW, 40, 30, 26);
  // School children in uniform at the front, dignitaries by the plinth.
  body += crowd(rand, poleX - 80, poleX + 80, 528, 150, 3, ['#ffffff', '#f5f5f5']);
  const rows = variant % 2 === 0 ? 2 : 1;
  for (let r = 0; r < rows; r++) {
    body += crowd(rand, 20, GW - 20, 690 + r * 90, 170 + r * 30, 9 + r * 2, ['#ffffff', '#1e88e5', '#ffffff', '#0d47a1'], 'flag');
  }
  return body;
}

function waterTankScene(rand: Rand, variant: number): string {
  let body = `<rect width="${GW}" height="${GH}" fill="url(#sky)"/>` + clouds(rand, GW, 180, 4);
  body += buildingRow(rand, 0, GW, 560, { fill: '#d7c4a6', windows: '#8c6d4f', minHeight: 80, maxHeight: 160 });
  body += `<rect x="0" y="560" width="${GW}" height="240" fill="#cdb896"/>`;
  const cx = [600, 760, 460, 640][variant % 4];
  const scale = [1, 1.08, 0.85, 1.12][variant % 4];
  const top = 560 - 440 * scale;
  const tankW = 260 * scale;
  const tankH = 130 * scale;
  // Overhead tank: a cylinder on six tapering legs with cross bracing.
  for (const dx of [-0.42, -0.25, -0.08, 0.08, 0.25, 0.42]) {
    body += `<path d="M${round(cx + dx * tankW)} ${round(top + tankH)} L${round(cx + dx * tankW * 1.35)} 560" stroke="#b0b6bc" stroke-width="${round(10 * scale)}"/>`;
  }
  for (let level = 1; level <= 3; level++) {
    const y = top + tankH + level * ((560 - top - tankH) / 4);
    const spread = tankW * (0.42 + 0.35 * 0.42 * (level / 4));
    body += `<path d="M${round(cx - spread)} ${round(y)} L${round(cx + spread)} ${round(y)}" stroke="#9aa1a8" stroke-width="${round(6 * scale)}"/>`;
  }
  body += `<rect x="${round(cx - tankW / 2)}" y="${round(top)}" width="${round(tankW)}" height="${round(tankH)}" fill="#dfe6ec"/>`;
  body += `<ellipse cx="${cx}" cy="${round(top)}" rx="${round(tankW / 2)}" ry="${round(22 * scale)}" fill="#eef3f6"/>`;
  body += `<ellipse cx="${cx}" cy="${round(top + tankH)}" rx="${round(tankW / 2)}" ry="${round(22 * scale)}" fill="#c6d0d8"/>`;
  // The council's name is painted on the tank in two lines, as a single line would be wider than the tank.
  const [firstWord, ...rest] = demoCouncil.name.en.toUpperCase().split(' ');
  const nameLines = rest.length > 1 ? [`${firstWord} ${rest.slice(0, -1).join(' ')}`, rest[rest.length - 1]] : [firstWord, rest.join(' ')];
  nameLines.forEach((line, i) => {
    body += `<text x="${cx}" y="${round(top + tankH * (0.45 + i * 0.3))}" text-anchor="middle" font-family="${SANS}" font-size="${round(22 * scale)}" font-weight="bold" fill="#1d5f9e">${escapeXml(line)}</text>`;
  });
  // A striped shamiana for the ceremony and the ribbon about to be cut.
  const tentX = cx - 330;
  for (let i = 0; i < 8; i++) body += `<rect x="${tentX + i * 40}" y="520" width="40" height="40" fill="${i % 2 ? '#ffffff' : '#d32f2f'}"/>`;
  body += `<path d="M${tentX - 10} 520 L${tentX + 160} 480 L${tentX + 330} 520 Z" fill="#d32f2f"/>`;
  body += `<path d="M${cx - 200} 660 L${cx + 200} 660" stroke="#d32f2f" stroke-width="8"/>`;
  body += `<path d="M${cx - 16} 650 L${cx + 16} 670 M${cx - 16} 670 L${cx + 16} 650" stroke="#d32f2f" stroke-width="8" stroke-linecap="round"/>`;
  body += crowd(rand, cx - 260, cx + 260, 760, 230, [5, 4, 6, 3][variant % 4], ['#ffffff', '#f5e6c8', '#f9a825', '#8d6e63', '#ffffff']);
  body += `<rect x="${cx - 220}" y="660" width="8" height="100" fill="#8a5a2b"/><rect x="${cx + 212}" y="660" width="8" height="100" fill="#8a5a2b"/>`;
  return body;
}

const GALLERY_SKIES = [
  ['#6ab7e6', '#bfe3f7', '#f2fafd'],
  ['#f6b26b', '#fbd9a6', '#fdf1de'],
  ['#7fc8f8', '#d3eefc', '#ffffff'],
  ['#9ccfe0', '#e0f1f6', '#fbfdfe'],
] as const;

export function gallerySvg(scene: GalleryScene, variant: number): string {
  const rand = seeded(stringSeed(scene) + variant * 7919);
  const defs = verticalGradient('sky', GALLERY_SKIES[variant % GALLERY_SKIES.length]);
  const body =
    scene === 'cleanliness' ? cleanlinessScene(rand, variant) : scene === 'republic-day' ? republicDayScene(rand, variant) : waterTankScene(rand, variant);
  return svgDocument(GW, GH, defs, body);
}

// ---------------------------------------------------------------------------------------------------------
// Press clippings, 900 x 1200

export interface ClippingSpec {
  paper: string;
  headline: string;
  dateLine: string;
  pageNo: string;
  picture: GalleryScene | 'council';
}

/** Columns of grey bars standing in for body text; the last line of each paragraph is short. */
function textColumns(rand: Rand, x: number, y: number, width: number, bottom: number, columns: number): string {
  const gap = 26;
  const colW = (width - gap * (columns - 1)) / columns;
  let out = '';
  for (let c = 0; c < columns; c++) {
    const cx = x + c * (colW + gap);
    let line = 0;
    for (let ly = y; ly < bottom; ly += 19) {
      line++;
      const paragraphEnd = line % Math.floor(between(rand, 6, 11)) === 0;
      const w = paragraphEnd ? colW * between(rand, 0.3, 0.7) : colW * between(rand, 0.94, 1);
      out += `<rect x="${round(cx)}" y="${round(ly)}" width="${round(w)}" height="8" rx="3" fill="#9a968c"/>`;
      if (paragraphEnd) ly += 10;
    }
    if (c < columns - 1) out += `<path d="M${round(cx + colW + gap / 2)} ${y} L${round(cx + colW + gap / 2)} ${bottom}" stroke="#c9c3b4" stroke-width="1"/>`;
  }
  return out;
}

/** A small halftone-looking picture inside the clipping, drawn from a gallery scene in grey. */
function clippingPicture(spec: ClippingSpec, x: number, y: number, width: number): string {
  const inner = spec.picture === 'council' ? councilPictureBody() : gallerySvgBody(spec.picture);
  const scale = width / GW;
  return (
    `<g transform="translate(${x} ${y}) scale(${round(scale * 1000) / 1000})" filter="url(#grey)">${inner}</g>` +
    `<rect x="${x}" y="${y}" width="${width}" height="${round(GH * scale)}" fill="none" stroke="#6d6a63" stroke-width="1"/>`
  );
}

function gallerySvgBody(scene: GalleryScene): string {
  const rand = seeded(stringSeed(scene) + 31);
  const sky = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfcfcf"/><stop offset="1" stop-color="#f0f0f0"/></linearGradient>`;
  const body = scene === 'cleanliness' ? cleanlinessScene(rand, 1) : scene === 'republic-day' ? republicDayScene(rand, 0) : waterTankScene(rand, 0);
  return `<defs>${sky}</defs>${body}`;
}

function councilPictureBody(): string {
  const rand = seeded(99);
  const sky = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfcfcf"/><stop offset="1" stop-color="#f0f0f0"/></linearGradient>`;
  let body = `<rect width="${GW}" height="${GH}" fill="url(#sky)"/>` + clouds(rand, GW, 180, 3);
  body += buildingRow(rand, 0, GW, 620, { fill: '#bdb6a8', minHeight: 100, maxHeight: 200 });
  body += councilBuilding(600, 640, 1.5, '#e9e3d6', '#6b6258');
  body += `<rect x="0" y="640" width="${GW}" height="160" fill="#a8a29a"/>`;
  body += crowd(rand, 200, 1000, 780, 200, 6, ['#ffffff', '#d0d0d0', '#9e9e9e']);
  return `<defs>${sky}</defs>${body}`;
}

export function clippingSvg(spec: ClippingSpec, seed: number): string {
  const rand = seeded(seed);
  const W = 900;
  const H = 1200;
  const defs =
    '<filter id="grey"><feColorMatrix type="saturate" values="0"/></filter>' +
    '<linearGradient id="paper" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6f1e3"/><stop offset="1" stop-color="#ebe3cf"/></linearGradient>';
  let body = `<rect width="${W}" height="${H}" fill="url(#paper)"/>`;
  body += `<text x="${W / 2}" y="110" text-anchor="middle" font-family="${SERIF}" font-size="72" font-weight="bold" fill="#1a1a1a">${escapeXml(spec.paper)}</text>`;
  body += `<path d="M50 140 L850 140 M50 146 L850 146" stroke="#1a1a1a" stroke-width="2"/>`;
  body += `<text x="50" y="172" font-family="${SANS}" font-size="18" fill="#3a3a3a">${escapeXml(spec.dateLine)}</text>`;
  body += `<text x="850" y="172" text-anchor="end" font-family="${SANS}" font-size="18" fill="#3a3a3a">Page ${escapeXml(spec.pageNo)}</text>`;
  body += `<path d="M50 188 L850 188" stroke="#1a1a1a" stroke-width="1"/>`;
  const headlineLines = wrapWords(spec.headline, 30);
  headlineLines.forEach((line, i) => {
    body += `<text x="50" y="${250 + i * 56}" font-family="${SERIF}" font-size="48" font-weight="bold" fill="#111">${escapeXml(line)}</text>`;
  });
  const pictureTop = 250 + headlineLines.length * 56;
  body += clippingPicture(spec, 50, pictureTop, 500);
  const pictureBottom = pictureTop + Math.round(GH * (500 / GW));
  body += `<text x="50" y="${pictureBottom + 24}" font-family="${SANS}" font-size="15" font-style="italic" fill="#4a4a4a">${escapeXml(demoCouncil.address.en.town)}: residents and council staff at the event.</text>`;
  body += textColumns(rand, 580, pictureTop, 270, pictureBottom + 30, 1);
  body += textColumns(rand, 50, pictureBottom + 56, 800, 1140, 3);
  body += `<rect x="6" y="6" width="${W - 12}" height="${H - 12}" fill="none" stroke="#cfc6b0" stroke-width="3" stroke-dasharray="14 8"/>`;
  return svgDocument(W, H, defs, body);
}

// ---------------------------------------------------------------------------------------------------------
// Complaint photos, 800 x 600: a problem as reported, and the same spot after the council acted

export type ComplaintScene = 'pothole' | 'garbage' | 'streetlight' | 'drain' | 'water-leak';
export type ComplaintState = 'reported' | 'fixed';

const CW = 800;
const CH = 600;

function streetBackdrop(rand: Rand, night: boolean): string {
  let body = `<rect width="${CW}" height="${CH}" fill="url(#sky)"/>`;
  if (!night) body += clouds(rand, CW, 90, 3, 0.8);
  body += buildingRow(rand, -20, CW, 300, {
    fill: night ? '#2d2a3e' : '#e3cfa9',
    windows: night ? '#ffd27a' : '#8c6d4f',
    minHeight: 120,
    maxHeight: 230,
  });
  return body;
}

/** A road running away from the viewer. */
function road(): string {
  return `<path d="M0 600 L0 360 L260 300 L540 300 L800 360 L800 600 Z" fill="#6e6e6e"/><path d="M395 300 L405 300 L430 600 L370 600 Z" fill="#e8e8e8" opacity="0.5"/>`;
}

function potholeScene(rand: Rand, state: ComplaintState, variant: number): string {
  let body = streetBackdrop(rand, false) + road();
  const cx = 380 + variant * 70;
  if (state === 'reported') {
    body += `<path d="M${cx - 150} 470 Q${cx - 170} 420 ${cx - 60} 410 Q${cx + 40} 395 ${cx + 130} 430 Q${cx + 190} 470 ${cx + 110} 510 Q${cx} 545 ${cx - 100} 520 Q${cx - 160} 505 ${cx - 150} 470 Z" fill="#3b3530"/>`;
    body += `<ellipse cx="${cx - 10}" cy="470" rx="100" ry="34" fill="#7d6a55" opacity="0.85"/><ellipse cx="${cx - 30}" cy="462" rx="50" ry="10" fill="#b7c7d3" opacity="0.6"/>`;
    for (let i = 0; i < 14; i++) body += `<circle cx="${round(cx + between(rand, -220, 220))}" cy="${round(between(rand, 420, 560))}" r="${round(between(rand, 3, 8))}" fill="#8a8a8a"/>`;
  } else {
    body += `<path d="M${cx - 160} 420 L${cx + 170} 408 L${cx + 180} 525 L${cx - 170} 535 Z" fill="#3f3f3f"/>`;
    body += `<path d="M${cx - 160} 420 L${cx + 170} 408 L${cx + 180} 525 L${cx - 170} 535 Z" fill="none" stroke="#2a2a2a" stroke-width="3"/>`;
  }
  return body;
}

function garbageScene(rand: Rand, state: ComplaintState, variant: number): string {
  let body = streetBackdrop(rand, false);
  body += `<rect x="0" y="300" width="${CW}" height="120" fill="#d9cbb0"/><rect x="0" y="300" width="${CW}" height="8" fill="#b24a3a"/>`;
  body += `<rect x="0" y="420" width="${CW}" height="180" fill="#a99474"/>`;
  const cx = 360 + variant * 80;
  if (state === 'reported') {
    // A dull mound of waste with plastic bags of a few colours on top; too many colours looks like confetti.
    body += `<path d="M${cx - 250} 575 Q${cx - 190} 470 ${cx - 80} 440 Q${cx + 10} 405 ${cx + 110} 445 Q${cx + 220} 480 ${cx + 260} 575 Z" fill="#6d5d4b"/>`;
    body += `<path d="M${cx - 200} 575 Q${cx - 120} 500 ${cx - 20} 480 Q${cx + 90} 470 ${cx + 200} 575 Z" fill="#5a4c3d"/>`;
    const colours = ['#37474f', '#1e88e5', '#eeeeee', '#8d6e63', '#212121', '#4e6b3a', '#a1887f'];
    for (let i = 0; i < 38; i++) {
      const angle = rand() * Math.PI;
      const radius = Math.sqrt(rand());
      const x = cx + Math.cos(angle) * radius * 230;
      const y = 560 - Math.sin(angle) * radius * 120;
      body += `<ellipse cx="${round(x)}" cy="${round(y)}" rx="${round(between(rand, 12, 26))}" ry="${round(between(rand, 8, 16))}" fill="${pick(rand, colours)}" transform="rotate(${round(between(rand, -40, 40))} ${round(x)} ${round(y)})"/>`;
    }
  } else {
    for (let i = 0; i < 6; i++) body += `<path d="M${round(between(rand, 60, 700))} ${round(between(rand, 460, 580))} q60 -6 120 0" stroke="#8d7a5c" stroke-width="2" fill="none"/>`;
    body += `<rect x="${cx - 70}" y="400" width="70" height="110" rx="8" fill="#2e7d32"/><rect x="${cx + 10}" y="400" width="70" height="110" rx="8" fill="#1565c0"/>`;
    body += `<text x="${cx + 5}" y="390" text-anchor="middle" font-family="${SANS}" font-size="22" font-weight="bold" fill="#1d5f9e">Use dustbins</text>`;
  }
  return body;
}

function streetlightScene(rand: Rand, state: ComplaintState, variant: number): string {
  let body = streetBackdrop(rand, true) + road();
  const x = 300 + variant * 120;
  if (state === 'fixed') body += `<circle cx="${x + 90}" cy="150" r="170" fill="url(#glow)"/><path d="M${x + 70} 160 L${x - 40} 600 L${x + 260} 600 L${x + 120} 160 Z" fill="#fff2b3" opacity="0.25"/>`;
  body += `<path d="M${x} 600 L${x} 130 Q${x} 110 ${x + 20} 110 L${x + 80} 110" stroke="#22202c" stroke-width="14" fill="none"/>`;
  const lamp = state === 'fixed' ? '#fff6cc' : '#4a4756';
  if (state === 'reported' && variant % 2 === 1) {
    // A lamp hanging loose on its wire, the usual sight after a storm.
    body += `<path d="M${x + 80} 110 Q${x + 90} 170 ${x + 84} 210" stroke="#111" stroke-width="3" fill="none"/><rect x="${x + 62}" y="206" width="50" height="18" rx="6" fill="${lamp}" transform="rotate(28 ${x + 87} 215)"/>`;
  } else {
    body += `<rect x="${x + 60}" y="108" width="62" height="20" rx="7" fill="${lamp}"/>`;
  }
  return body;
}

function drainScene(rand: Rand, state: ComplaintState, variant: number): string {
  let body = streetBackdrop(rand, false);
  body += `<rect x="0" y="300" width="${CW}" height="300" fill="#8c8c8c"/>`;
  const top = 400 + variant * 20;
  body += `<rect x="0" y="${top}" width="${CW}" height="110" fill="#bdb6aa"/><rect x="0" y="${top + 18}" width="${CW}" height="74" fill="#2f3a2f"/>`;
  if (state === 'reported') {
    body += `<path d="M0 ${top + 20} L${CW} ${top + 20} L${CW} ${top + 8} Q600 ${top - 10} 400 ${top + 4} Q200 ${top - 14} 0 ${top + 8} Z" fill="#4d5a3c" opacity="0.9"/>`;
    for (let i = 0; i < 40; i++) {
      body += `<ellipse cx="${round(between(rand, 20, 780))}" cy="${round(between(rand, top + 24, top + 86))}" rx="${round(between(rand, 8, 22))}" ry="${round(between(rand, 5, 10))}" fill="${pick(rand, ['#e0e0e0', '#1e88e5', '#6d4c41', '#fdd835', '#212121'])}"/>`;
    }
    body += `<ellipse cx="520" cy="${top + 150}" rx="220" ry="34" fill="#4d5a3c" opacity="0.7"/>`;
  } else {
    body += `<rect x="0" y="${top + 18}" width="${CW}" height="74" fill="#4f7a8c"/>`;
    for (let x = 0; x < CW; x += 120) body += `<rect x="${x + 6}" y="${top + 14}" width="108" height="82" fill="#9e9789" stroke="#7a7468" stroke-width="3"/>`;
  }
  return body;
}

function waterLeakScene(rand: Rand, state: ComplaintState, variant: number): string {
  let body = streetBackdrop(rand, false);
  body += `<rect x="0" y="300" width="${CW}" height="300" fill="#a58f6c"/>`;
  const y = 470 + variant * 15;
  body += `<rect x="0" y="${y}" width="${CW}" height="34" fill="#3d6fa3"/><rect x="0" y="${y}" width="${CW}" height="8" fill="#6d9ccc"/>`;
  const jx = 420;
  body += `<rect x="${jx - 30}" y="${y - 8}" width="60" height="50" rx="6" fill="${state === 'fixed' ? '#546e7a' : '#2f5c86'}"/>`;
  if (state === 'reported') {
    for (let i = 0; i < 16; i++) {
      const a = between(rand, -2.6, -0.5);
      const len = between(rand, 80, 200);
      body += `<path d="M${jx} ${y} q${round(Math.cos(a) * len * 0.5)} ${round(Math.sin(a) * len)} ${round(Math.cos(a) * len)} ${round(-Math.sin(a) * len * 0.2)}" stroke="#a9d6f5" stroke-width="4" fill="none" opacity="0.8"/>`;
    }
    body += `<ellipse cx="${jx + 40}" cy="${y + 70}" rx="300" ry="40" fill="#7fb2d6" opacity="0.7"/>`;
  } else {
    body += `<rect x="${jx - 36}" y="${y - 4}" width="10" height="42" fill="#cfd8dc"/><rect x="${jx + 26}" y="${y - 4}" width="10" height="42" fill="#cfd8dc"/>`;
  }
  return body;
}

const COMPLAINT_SCENES: Record<ComplaintScene, (rand: Rand, state: ComplaintState, variant: number) => string> = {
  pothole: potholeScene,
  garbage: garbageScene,
  streetlight: streetlightScene,
  drain: drainScene,
  'water-leak': waterLeakScene,
};

export function complaintSvg(scene: ComplaintScene, state: ComplaintState, variant: number): string {
  const rand = seeded(stringSeed(scene) + variant * 104729);
  const night = scene === 'streetlight';
  const defs =
    verticalGradient('sky', night ? ['#141a3a', '#2c2f5a', '#4b3f6b'] : ['#9cc9e6', '#dbeef8']) +
    '<radialGradient id="glow"><stop offset="0" stop-color="#fff1b8" stop-opacity="0.85"/><stop offset="1" stop-color="#fff1b8" stop-opacity="0"/></radialGradient>';
  return svgDocument(CW, CH, defs, COMPLAINT_SCENES[scene](rand, state, variant));
}
