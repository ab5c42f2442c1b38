import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoCouncil } from '../../db/seed/council';

/**
 * The council is data: nothing under src/ and nothing in the built server names the demo council (its name,
 * Hindi name, town or number prefix). Its values live in db/seed only, and the demo seed is built as a file of
 * its own beside the server (scripts/bundle-main.mjs), which this leaves out. The frozen migrations that numbered
 * the first grievances are history and keep their text; the bundle is read without their lines.
 */
const build = process.env.BUILD_DIR || 'dist';
const DEMO_WORDS = [demoCouncil.name.en, demoCouncil.name.hi, demoCouncil.address.en.town, demoCouncil.address.hi.town, `${demoCouncil.shortName}-`, `'${demoCouncil.shortName}'`];

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, pattern) : pattern.test(entry.name) ? [full] : [];
  });
}

/** The lines of the frozen migrations that hold a demo word, as they are bundled. */
const frozenLines = filesUnder('db/migrations', /\.ts$/)
  .flatMap((file) => fs.readFileSync(file, 'utf8').split('\n'))
  .filter((line) => DEMO_WORDS.some((word) => line.includes(word)))
  // The bundler writes strings in double quotes.
  .map((line) => line.trim().replaceAll("'", '"'));

function demoWordsIn(files: readonly string[], leaveOut: readonly string[] = []): string[] {
  return files.flatMap((file) => {
    let text = fs.readFileSync(file, 'utf8');
    for (const line of leaveOut) text = text.split(line).join('').split(line.replace(/;$/, '')).join('');
    return DEMO_WORDS.filter((word) => text.includes(word)).map((word) => `${file}: ${word}`);
  });
}

describe('the demo council', () => {
  it('is named nowhere under src/', () => {
    expect(demoWordsIn(filesUnder('src', /\.(ts|tsx|astro|mjs|css|json)$/))).toEqual([]);
  });

  it('is named nowhere in the built server but the demo seed\'s own file', () => {
    const server = [path.join(build, 'main.mjs'), ...filesUnder(path.join(build, 'server'), /\.m?js$/)]
      // The demo seed and the chunks only it loads are built apart from the server.
      .filter((file) => !/demo/.test(path.basename(file)));
    expect(demoWordsIn(server, frozenLines)).toEqual([]);
  });

  it('finds a demo word where there is one (the check reads the seed)', () => {
    expect(demoWordsIn(['db/seed/council.ts']).length).toBeGreaterThan(0);
  });
});
