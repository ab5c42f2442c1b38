/**
 * The layers' rules by reach: not only what a file imports, but everything it reaches through the files it
 * imports, type imports included. `npm test` runs it (`npm run lint:layers`); tests/unit/layers.test.ts holds
 * that a breach through a third file is caught. The layers are drawn in docs/architecture.md.
 */
const APP = '^src/(pages|layouts|middleware\\.ts|modules\\.ts|entry-registrations\\.ts|case-panels\\.ts)';

module.exports = {
  forbidden: [
    {
      name: 'server-reaches-no-feature',
      comment: 'src/server is mechanism: what it needs of the features is handed to it by the composition list (src/modules.ts).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: ['^src/features/', '^src/components/', '^db/seed/', APP], reachable: true },
    },
    {
      name: 'lib-and-words-reach-no-server-or-feature',
      comment: 'src/lib and src/i18n are the bottom layer, safe in the browser: they reach no server code and no feature.',
      severity: 'error',
      from: { path: '^src/(lib|i18n)/' },
      to: { path: ['^src/server/', '^src/features/', '^src/components/', '^db/', APP], reachable: true },
    },
    {
      name: 'features-reach-not-the-app',
      comment: "A feature builds on other features' declarations, never on the app's lists or pages.",
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: APP, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules', '^dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.astro'] },
  },
};
