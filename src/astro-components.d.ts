/**
 * What a .astro file is to a plain .ts module (src/case-panels.ts registers the case page's panels): a
 * component. The compiler checks the .astro files themselves through Astro's own tooling.
 */
declare module '*.astro' {
  const component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default component;
}
