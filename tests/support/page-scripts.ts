import { expect, type Page } from '@playwright/test';

/**
 * The only script a public text page may load: the header's dropdown closing rules (Escape, focus leaving,
 * a press elsewhere; src/scripts/dismiss.ts), one small module and the chunk it imports. Everything a page
 * says is in its HTML and every menu still opens and closes without it.
 */
const MENU_SCRIPT = [/\/_astro\/Header\.astro_astro_type_script_index_0_lang\.[\w-]+\.js$/, /\/_astro\/dismiss\.[\w-]+\.js$/];

export const isMenuScript = (url: string) => MENU_SCRIPT.some((pattern) => pattern.test(url));

/** The page carries one script tag, the header's, and asked for no script but that one and its chunk. */
export async function expectOnlyTheMenuScript(page: Page, requested: string[], label = page.url()): Promise<void> {
  const tags = await page.locator('script').evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).src));
  expect(tags.length, `${label}: script tags`).toBe(1);
  expect(isMenuScript(tags[0]), `${label}: ${tags[0]} is the header's menu script`).toBe(true);
  expect(requested.filter((url) => !isMenuScript(url)), `${label}: other scripts requested`).toEqual([]);
}
