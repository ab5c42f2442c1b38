import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';

/**
 * The layers point one way: features (a content type, grievances, payments…) build on the server's mechanisms
 * and on the shared components, never the other way round. A server module or a component that imported a
 * feature would tie the mechanism to one of its users; what a mechanism needs of the features is handed to it
 * at start instead (the composition list, src/modules.ts). These checks read direct imports, .astro files
 * included; the rules by reach (what a file reaches through others, type imports too) are dependency-cruiser's,
 * in .dependency-cruiser.cjs, run by `npm run lint`; the last test holds that they catch a breach made through a
 * third file.
 */
const SOURCE = /\.(ts|tsx|astro|mjs)$/;
const IMPORT = /(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Every import of a file under `from` that resolves into `into`, as "file → target". */
function importsInto(from: string, into: string): string[] {
  const target = path.resolve(into);
  return filesUnder(from).flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? match[3])
      .filter((specifier) => specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).startsWith(target + path.sep))
      .map((specifier) => `${file} → ${specifier}`);
  });
}

describe('the layers', () => {
  it('src/server imports nothing from src/features', () => {
    expect(importsInto('src/server', 'src/features')).toEqual([]);
  });

  it('src/components imports no feature', () => {
    expect(importsInto('src/components', 'src/features')).toEqual([]);
  });

  it('the check finds an import when there is one (it reads the real imports of a feature)', () => {
    expect(importsInto('src/features', 'src/server').length).toBeGreaterThan(10);
  });

  it('the rules by reach refuse a server file that reaches a feature through a file of words (a direct-import check sees nothing)', async () => {
    const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as { forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden']; options: ICruiseOptions };
    const options = (baseDir: string): ICruiseOptions => ({ ...config.options, tsConfig: undefined, baseDir, ruleSet: { forbidden: config.forbidden }, validate: true });
    const fixture = await cruise(['src'], options(path.resolve('tests/fixtures/layers')));
    if (typeof fixture.output === 'string') throw new Error('dependency-cruiser answered text');
    const breaches = fixture.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(breaches).toContain('server-reaches-no-feature: src/server/mechanism.ts → src/features/thing/thing.ts');
    expect(breaches).toContain('lib-and-words-reach-no-server-or-feature: src/i18n/words.ts → src/features/thing/thing.ts');
  });
});
