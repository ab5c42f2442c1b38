// A module's pages live in its own folder: every file under src/features/<module>/pages/ is routed exactly as
// Astro routes a file of src/pages/ (extension dropped, `index` names its folder, `[name]` a parameter), so a
// service adds its screens and calls without touching src/pages. astro.config.mjs installs the integration;
// the route inventory test reads the same list, so a page is never routed without its access declared.
import fs from 'node:fs';
import path from 'node:path';

const ROUTED = /\.(astro|ts)$/;

/** Files Astro would route under `dir`: .astro pages and .ts endpoints, not type declarations or `_` files. */
function routedFilesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('_')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routedFilesUnder(full);
    return ROUTED.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The route pattern of a file under a pages folder, as Astro gives it. */
export function patternOfPage(pagesDir, file) {
  const route = `/${path.relative(pagesDir, file).split(path.sep).join('/')}`.replace(ROUTED, '').replace(/\/index$/, '');
  return route === '' ? '/' : route;
}

/**
 * Every routed file of the project with its pattern: src/pages' own, then each module's.
 * @param {string} root the project's folder
 * @returns {{ file: string, pattern: string, module: string | null }[]}
 */
export function projectPages(root) {
  const pagesDir = path.join(root, 'src', 'pages');
  const own = routedFilesUnder(pagesDir).map((file) => ({ file, pattern: patternOfPage(pagesDir, file), module: null }));
  const featuresDir = path.join(root, 'src', 'features');
  const modules = fs.readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  const theirs = modules.flatMap((name) => {
    const dir = path.join(featuresDir, name, 'pages');
    return routedFilesUnder(dir).map((file) => ({ file, pattern: patternOfPage(dir, file), module: name }));
  });
  return [...own, ...theirs];
}

/** The integration: injects each module's pages; refuses two files claiming one pattern. */
export function featurePages() {
  return {
    name: 'feature-pages',
    hooks: {
      'astro:config:setup': ({ config, injectRoute }) => {
        const pages = projectPages(path.resolve(new URL(config.root).pathname));
        const seen = new Map();
        for (const page of pages) {
          const other = seen.get(page.pattern);
          if (other) throw new Error(`Two pages claim ${page.pattern}: ${other} and ${page.file}.`);
          seen.set(page.pattern, page.file);
          if (page.module) injectRoute({ pattern: page.pattern, entrypoint: page.file });
        }
      },
    },
  };
}
