import { expect, type Page } from '@playwright/test';

/**
 * The only script a public text page may load: the header's dropdown closing rules (Escape, focus leaving,
 * a press elsewhere; src/scripts/dismiss.ts), one small module and the chunk it imports. Everything a page
 * says is in its HTML and every menu still opens and closes without it.
 */
const MENU_SCRIPT = [/\/_astro\/Header\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/, /\/_astro\/dismiss\.[\w-]+\.js$/];

export const isMenuScript = (url: string) => MENU_SCRIPT.some((pattern) => pattern.test(url));

/**
 * The browser's check of a chosen file's size (src/scripts/file-limits.ts, loaded by FileSizeCheck.astro): a
 * page with a file field loads it, and it only adds to a form that works without it (the server checks every
 * file again). Its module and the chunk it shares with the back office's file input.
 */
export const FILE_SIZE_CHECK: readonly RegExp[] = [/\/_astro\/FileSizeCheck\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/, /\/_astro\/file-limits\.[\w-]+\.js$/];

export const isFileSizeCheck = (url: string) => FILE_SIZE_CHECK.some((pattern) => pattern.test(url));

/**
 * The page carries one script tag, the header's, and asked for no script but that one and its chunk; `extras`
 * names the page's own small scripts that only add to what works without them (a path, or a pattern for a built file).
 */
export async function expectOnlyTheMenuScript(page: Page, requested: string[], label = page.url(), extras: readonly (string | RegExp)[] = []): Promise<void> {
  const isExtra = (url: string) => extras.some((extra) => (typeof extra === 'string' ? new URL(url, 'http://x').pathname === extra : extra.test(url)));
  const tags = (await page.locator('script').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src))).filter((src) => !isExtra(src));
  expect(tags.length, `${label}: script tags`).toBe(1);
  expect(isMenuScript(tags[0]), `${label}: ${tags[0]} is the header's menu script`).toBe(true);
  expect(requested.filter((url) => !isMenuScript(url) && !isExtra(url)), `${label}: other scripts requested`).toEqual([]);
}
