import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project stands on its own documents: what the code relies on from the system the portal replaces is
 * written in docs/legacy-contract.md, and what we chose differently in docs/deviations.md. No file may send a
 * reader to a document that is not part of the project, nor to a folder of one machine. The patterns are
 * spelled so that this file does not match them itself.
 */
const ROOTS = ['src', 'tests', 'scripts', 'db', 'docs', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', '.astro']);
const BINARY = /\.(png|jpe?g|webp|gif|ico|pdf|woff2?|ttf|otf|sqlite|mp4|webm|zip|gz)$/i;

const FORBIDDEN: [string, RegExp][] = [
  ['reference document outside the project', new RegExp(`\\b(?:${['SP', 'EC'].join('')}|${['DES', 'IGN'].join('')})\\.md\\b`)],
  ['folder of one machine', new RegExp(`(?:^|[^\\w.-])/(?:${['wo', 'rk'].join('')}|${['tm', 'p'].join('')})/`)],
];

function textFiles(entry: string): string[] {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return BINARY.test(entry) ? [] : [entry];
  return fs.readdirSync(entry, { withFileTypes: true }).flatMap((child) => (child.isDirectory() && SKIPPED_DIRS.has(child.name) ? [] : textFiles(path.join(entry, child.name))));
}

/** Each text file's lines; a file with a NUL byte is not text and is left out. */
function readTexts(files: readonly string[]): Map<string, string[]> {
  return new Map(
    files.flatMap((file) => {
      const bytes = fs.readFileSync(file);
      return bytes.includes(0) ? [] : [[file, bytes.toString('utf8').split('\n')] as const];
    }),
  );
}

/** "file:line: text" for every line that matches the pattern. */
function offending(texts: Map<string, string[]>, pattern: RegExp): string[] {
  return [...texts].flatMap(([file, lines]) => lines.flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])));
}

/** The contract's sections and their numbered items, as '4' and '4.3'. */
function contractParts(lines: readonly string[]): Set<string> {
  const parts = new Set<string>();
  let section = '';
  for (const line of lines) {
    const heading = /^## (\d+)\./.exec(line);
    if (heading) parts.add((section = heading[1]));
    const item = /^(\d+)\. /.exec(line);
    if (item && section) parts.add(`${section}.${item[1]}`);
  }
  return parts;
}

describe('the project names only its own documents', () => {
  const files = ROOTS.flatMap(textFiles);
  const texts = readTexts(files);

  it('reads the sources, tests, scripts, migrations, docs and README', () => {
    expect([...texts.keys()]).toContain(path.join('docs', 'legacy-contract.md'));
    expect([...texts.keys()]).toContain('README.md');
    expect(texts.size).toBeGreaterThan(500);
  });

  for (const [what, pattern] of FORBIDDEN) {
    it(`names no ${what}`, () => {
      expect(offending(texts, pattern)).toEqual([]);
    });
  }

  it('finds each kind of reference where there is one', () => {
    const samples = [`see ${['SP', 'EC'].join('')}.md §7`, `as ${['DES', 'IGN'].join('')}.md says`, `data in /${['tm', 'p'].join('')}/council`, `"/${['wo', 'rk'].join('')}/main"`];
    expect(samples.map((sample) => FORBIDDEN.some(([, pattern]) => pattern.test(sample)))).toEqual([true, true, true, true]);
    expect(FORBIDDEN.some(([, pattern]) => pattern.test('os.tmpdir() and /api/Public/notice and https://example.org/network/'))).toBe(false);
  });

  it('cites only sections and items the contract has', () => {
    const parts = contractParts(texts.get(path.join('docs', 'legacy-contract.md')) ?? []);
    expect(parts).toContain('4.4');
    const cited = [...texts].flatMap(([file, lines]) => [...lines.join('\n').matchAll(/legacy-contract\.md\s+§(\d+(?:\.\d+)?)/g)].map((match) => [file, match[1]] as const));
    expect(cited.length).toBeGreaterThan(40);
    expect(cited.filter(([, part]) => !parts.has(part)).map(([file, part]) => `${file}: §${part}`)).toEqual([]);
  });
});
