import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_TYPES } from '../../src/features/content-types';
import { STORED_CONTENT_TYPES } from '../../src/features/content-storage.server';
import { sitemapPaths } from '../../src/features/sitemap/sitemap';
import { contentRoutes } from '../../src/features/content-routes';
import { declarationOf, routeTable } from '../../src/server/route-table';
import { installModules } from '../../src/features/modules';
import { installPortalModules, MODULES } from '../../src/modules';
import { sidebarFor } from '../../src/server/admin-nav';
import type { ContentTypeDef } from '../../src/lib/content-type';
import { FEED_LINKS } from '../../src/features/feeds/feed-links';
import { searchedKinds } from '../../src/features/search/search.server';
import { searchResultView } from '../../src/server/content/search-view';
import { messages, wordFor } from '../../src/i18n/messages';

// The route table is the composition list's, installed as an entry installs it.
installPortalModules();

/**
 * A content type is one folder (src/features/<type>/: its declaration and its storage) plus one migration.
 * Whatever else it needs is derived from the declaration or checked here, so a declaration left incomplete
 * fails this test rather than a page at run time.
 */

const words = (text: unknown) => typeof text === 'string' && text.trim().length > 0;
const schemaKeys = (def: ContentTypeDef) => Object.keys(def.schema.describe().fields).sort();

describe.each(CONTENT_TYPES.map((def) => [def.path, def] as const))('the content type %s', (_path, def) => {
  it('has its storage, registered in the same order as the declarations', () => {
    expect(STORED_CONTENT_TYPES.map((stored) => stored.def.path)).toEqual(CONTENT_TYPES.map((type) => type.path));
    expect(STORED_CONTENT_TYPES.find((stored) => stored.def === def), def.path).toBeDefined();
  });

  it('names every field once, with its words, and validates each', () => {
    expect(def.path).toMatch(/^[a-z][a-z-]*$/);
    expect(words(def.partPrefix) && words(def.heading) && words(def.createButton)).toBe(true);
    for (const text of [def.formTitle.create, def.formTitle.edit, def.submitLabel.create, def.submitLabel.edit]) expect(words(text), def.path).toBe(true);
    const { invalidFile, itemNoun, ...messages } = def.messages;
    for (const [name, text] of Object.entries(messages)) expect(words(text), `${def.path} messages.${name}`).toBe(true);
    for (const optional of [invalidFile, itemNoun]) if (optional !== undefined) expect(words(optional)).toBe(true);
    const keys = def.fields.map((field) => field.key);
    expect(new Set(keys).size, 'field keys are unique').toBe(keys.length);
    for (const field of def.fields) expect(words(field.label) && words(field.part), `${def.path}.${field.key}`).toBe(true);
    // Every field is validated (a schema shared by the document types may name more than one type's fields).
    for (const key of keys) expect(schemaKeys(def), `${def.path}.${key} in the schema`).toContain(key);
    // A declared example is a value the type accepts (the form shows it, the declaration-driven tests send it).
    for (const field of def.fields) if (field.example !== undefined) expect(() => def.schema.validateSyncAt(field.key, { [field.key]: field.example })).not.toThrow();
  });

  it('says how each file slot is sent, and what a slot needed unless a field is given depends on', () => {
    for (const slot of def.files) {
      expect(slot.parts.length + (slot.base64Parts?.length ?? 0), `${def.path}.${slot.key} parts`).toBeGreaterThan(0);
      expect(words(slot.label)).toBe(true);
      if (slot.requiredUnless !== undefined) {
        expect(def.fields.some((field) => field.key === slot.requiredUnless), `${def.path}.${slot.key} requiredUnless`).toBe(true);
        expect(words(slot.requiredMessage), `${def.path}.${slot.key} requiredMessage`).toBe(true);
      }
    }
  });

  it('has its admin page in the route table, in the sidebar, rendered by the one content admin page', () => {
    const route = declarationOf(def.adminRoute);
    expect(route, def.adminRoute).toBeDefined();
    expect(route!.access).toEqual(['admin', 'editor']);
    const content = sidebarFor('admin').find((section) => section.group === 'content')!;
    expect(content.entries.some((entry) => entry.href === def.adminRoute), `${def.adminRoute} in the sidebar's content area`).toBe(true);
    const page = `src/pages${def.adminRoute}.astro`;
    expect(fs.existsSync(page), page).toBe(true);
    expect(fs.readFileSync(page, 'utf8')).toContain('<ContentAdminPage />');
  });

  const namedInSitemap = (path: string) => {
    expect(sitemapPaths(), path).toContain(path);
    for (const lang of ['en', 'hi'] as const) expect(words(wordFor(messages(lang).sitemap.pages, path)), `${lang} ${path}`).toBe(true);
  };

  it('has its public page in the route table and in the sitemap, named in both languages', () => {
    expect(declarationOf(def.publicRoute)?.access, def.publicRoute).toBe('public');
    namedInSitemap(def.publicRoute);
  });

  it('gets its route table entries from its declaration: its public pages with the query each reads, its admin screen', () => {
    const derived = contentRoutes(def);
    expect(Object.keys(derived).sort()).toEqual([...Object.keys(def.publicPages), def.adminRoute].sort());
    for (const [pattern, page] of Object.entries(def.publicPages)) {
      expect(pattern, 'a public page is a path of its own').toMatch(/^\/[a-z]/);
      expect(routeTable()[pattern], pattern).toEqual({ access: 'public', ...(page.query ? { query: page.query } : {}) });
    }
    expect(routeTable()[def.adminRoute]?.nav).toEqual({ group: 'content', label: def.sidebarLabel });
    expect(words(def.sidebarLabel)).toBe(true);
  });

  if (def.archive) it('has its archive page named in the sitemap, and the live list it leaves is public', () => {
    namedInSitemap(`/archive/${def.archive!.slug}`);
    expect(declarationOf(def.archive!.liveHref)?.access, def.archive!.liveHref).toBe('public');
    if (def.archive!.validityDays !== undefined) expect(Number.isInteger(def.archive!.validityDays) && def.archive!.validityDays > 0).toBe(true);
  });
});

describe('the content types together', () => {
  it('are searched as they declare, each with a result view its storage can answer and its words in both languages', () => {
    const searched = STORED_CONTENT_TYPES.filter((type) => type.def.search);
    expect([...searchedKinds()]).toEqual(searched.map((type) => type.def.path));
    for (const type of searched) {
      expect(() => searchResultView(type), type.def.path).not.toThrow();
      for (const lang of ['en', 'hi'] as const) expect(words(wordFor(messages(lang).search.groups, type.def.path)), `${lang} ${type.def.path}`).toBe(true);
    }
  });

  it('name each feed once, with its words in both languages, following a public page', () => {
    const feeds = CONTENT_TYPES.flatMap((def) => (def.feed ? [def] : []));
    expect(new Set(feeds.map((def) => def.feed!.name)).size).toBe(feeds.length);
    for (const def of feeds) {
      expect(FEED_LINKS[def.feed!.name]?.page).toBe(def.publicRoute);
      for (const lang of ['en', 'hi'] as const) expect(words(wordFor(messages(lang).feeds.names, def.feed!.name)), `${lang} ${def.feed!.name}`).toBe(true);
    }
  });

  it('open the content area of the sidebar, in their declared order', () => {
    const entries = sidebarFor('admin').find((section) => section.group === 'content')!.entries.map((entry) => entry.href);
    expect(entries.slice(0, CONTENT_TYPES.length)).toEqual(CONTENT_TYPES.map((def) => def.adminRoute));
  });

  it('cannot take a route another declares: a composition list with a pattern declared twice stops the start', () => {
    expect(() => installModules([...MODULES, { name: 'again', routes: { '/notice': { access: 'public' } } }])).toThrow('Two modules declare the route /notice.');
    expect(() => installModules([...MODULES, { name: 'again', routes: { '/login': { access: 'public' } } }])).toThrow('Two modules declare the route /login.');
  });

  it('take distinct API paths, multipart prefixes and admin pages', () => {
    for (const key of ['path', 'partPrefix', 'adminRoute'] as const) {
      const values = CONTENT_TYPES.map((def) => def[key].toLowerCase());
      expect(new Set(values).size, key).toBe(values.length);
    }
  });
});
