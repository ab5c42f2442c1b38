import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server reads the time through one module, src/server/clock.ts: `now` (which tests move through
 * TEST_CLOCK_FILE) or `wallClock` (real elapsed time). Code that read the time itself would ignore a moved
 * clock, and a test could not reach it. Browser code (islands, src/components) reads the visitor's clock.
 */
const READS_TIME = /Date\.now\(\)|new Date\(\)/;

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join('src', 'components') ? [] : serverFiles(full);
    return /\.(ts|astro|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('the clock', () => {
  it('is read through src/server/clock.ts by every server module, the grievance code included', () => {
    const readers = serverFiles('src').filter((file) => file !== path.join('src', 'server', 'clock.ts') && READS_TIME.test(fs.readFileSync(file, 'utf8')));
    expect(readers).toEqual([]);
  });

  it('finds a module that reads the time itself (the check reads real files)', () => {
    expect(READS_TIME.test(fs.readFileSync(path.join('src', 'server', 'clock.ts'), 'utf8'))).toBe(true);
  });
});
