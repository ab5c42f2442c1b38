import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every query in src is written against the schema's type (`Db`, Kysely<Database>, src/server/db-schema.ts),
 * so that the compiler checks each table and column named. A cast of the database to another Kysely type (a
 * table of any name, rows of any shape) turns that check off for every query made through it.
 */
const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const UNTYPED = /as\s+(?:unknown|any)\s+as\s+Kysely\b|Kysely<\s*(?:any|Record<)/;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : SOURCE.test(entry.name) ? [full] : [];
  });
}

describe('the database\'s type', () => {
  it('is never cast away in src', () => {
    const untyped = filesUnder('src').flatMap((file) =>
      fs.readFileSync(file, 'utf8').split('\n').flatMap((text, i) => (UNTYPED.test(text) ? [`${file}:${i + 1}: ${text.trim()}`] : [])),
    );
    expect(untyped).toEqual([]);
  });
});
