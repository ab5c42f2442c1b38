import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../src/server/db-schema';
import { CONTENT_TYPES } from '../../src/features/content-types';

/**
 * What the browser downloads names no table or column: storage names live in server-only modules. Checked
 * on the build the API tests run against. Plain words ('title', 'status') are wire names too, so the check
 * covers the storage names a client never sends or reads: the snake_case ones that are no wire name.
 */
const clientDir = path.join(process.env.BUILD_DIR || 'dist', 'client');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : /\.(js|mjs|html|css)$/.test(entry.name) ? [full] : [];
  });
}

function wireNames(): Set<string> {
  const names = new Set<string>();
  for (const def of CONTENT_TYPES) {
    names.add(def.path);
    if (def.createdKey) names.add(def.createdKey);
    for (const field of def.fields) names.add(field.key).add(field.part);
    for (const slot of def.files) [slot.key, ...slot.parts, ...(slot.base64Parts ?? [])].forEach((name) => names.add(name));
  }
  return names;
}

describe('the browser bundles', () => {
  it('carry no table or column name', () => {
    const wire = wireNames();
    const storageNames = new Set<string>();
    for (const [table, columns] of Object.entries(TABLES)) {
      storageNames.add(table);
      for (const column of Object.keys(columns)) storageNames.add(column);
    }
    const forbidden = [...storageNames].filter((name) => name.includes('_') && !wire.has(name));
    expect(forbidden).toContain('file_media_id');
    const files = filesUnder(clientDir);
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const name of forbidden) if (new RegExp(`\\b${name}\\b`).test(text)) found.push(`${name} in ${path.relative(clientDir, file)}`);
    }
    expect(found).toEqual([]);
  });
});

describe('the production server bundle', () => {
  it('carries no demo content: the demo seed is a file of its own, loaded only by a start that seeds', () => {
    const dist = process.env.BUILD_DIR || 'dist';
    const main = fs.readFileSync(path.join(dist, 'main.mjs'), 'utf8');
    for (const name of ['renderPictures', 'makePdf', 'bannerSvg', 'seedDemoHindi']) expect(main).not.toContain(name);
    expect(main).toMatch(/await import\("\.\/demo-seed\.mjs"\)/);
    expect(fs.readFileSync(path.join(dist, 'demo-seed.mjs'), 'utf8')).toContain('renderPictures');
  });
});
