import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, preloadAxe } from '../support/axe';
import { ROUTES, isApiPattern, type RouteDeclaration } from '../../src/server/route-table';
import { pathIn, type Lang } from '../../src/i18n/lang';

/**
 * Every public page of the route table, in English and in Hindi, at a phone's and a desktop's width: it
 * answers 200 in its language, names its twin with hreflang, its language switch leads to the twin, nothing
 * is reported on the console, and axe finds no serious or critical fault. A page added to the route table is
 * checked here without anyone listing it; a dynamic one must be given a real example below, or this fails.
 */

/** A real address for each dynamic page (the tender's id is read from the demo content once the server runs). */
const EXAMPLES: Readonly<Record<string, string>> = {
  '/website-policies/[policy]': '/website-policies/copyright',
  '/tender-details': '/tender-details?id=TENDER',
  '/archive/[type]': '/archive/notice',
  '/verify/[number]': '/verify/RECEIPT',
  // The demo content's first item of each kind.
  '/notice/[id]': '/notice/1',
  '/circulars/[id]': '/circulars/1',
  '/officeorder/[id]': '/officeorder/1',
  '/latestnews/[id]': '/latestnews/1',
};

/** The demo's first receipt: last financial year's series starts with the seeded counter payments. */
function demoReceipt(): string {
  const india = new Date(Date.now() + 5.5 * 3600_000);
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
  return `NPK-RCT-${start - 1}-${String(start % 100).padStart(2, '0')}-000001`;
}

/** Routes that are not pages of their own: the not-found page answers 404 by design; signing out is a button's post. */
const NOT_PAGES = new Set(['/404', '/my/signout']);

const PAGES = (Object.entries(ROUTES) as [string, RouteDeclaration][])
  .filter(([pattern, route]) => route.access === 'public' && !route.englishOnly && !isApiPattern(pattern) && !NOT_PAGES.has(pattern))
  .filter(([pattern]) => !/\.(xml|svg|json)$/.test(pattern))
  .map(([pattern]) => {
    const example = EXAMPLES[pattern] ?? (pattern.includes('[') ? null : pattern);
    if (!example) throw new Error(`${pattern} is a public page without an example address in both-languages.spec.ts`);
    return example;
  });

/** What the page reported on its console or threw, gathered per visit. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Checks the page open in `page`, which is `address` in `lang`, with `twin` its address in the other language. */
async function checkPage(page: Page, problems: string[], address: string, lang: Lang, twin: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname + url.search === address);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
    Object.fromEntries(links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href') ?? '').pathname + new URL(link.getAttribute('href') ?? '').search])),
  );
  const english = lang === 'en' ? address : twin;
  expect(alternates, address).toEqual({ en: english, hi: pathIn('hi', english), 'x-default': english });
  await expect(page.locator('a.language-switch'), address).toHaveAttribute('href', twin);
  // A whole page: one visible heading, nothing wider than the window, every image saying what it shows.
  await expect(page.locator('h1'), address).toHaveCount(1);
  await expect(page.locator('h1'), address).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${address}: no sideways scrolling`).toBeLessThanOrEqual(0);
  expect(await page.locator('img:not([alt])').count(), `${address}: images without alt`).toBe(0);
  await expectNoSeriousA11yViolations(page, `${address} at ${page.viewportSize()?.width}px`);
  expect(problems, `console of ${address}`).toEqual([]);
}

/** One visit of the English page and, through its switch, its Hindi twin, in one tab of a given width. */
async function checkTwins(tab: Tab, english: string): Promise<void> {
  const { page, problems } = tab;
  const hindi = pathIn('hi', english);
  problems.length = 0;
  expect((await page.goto(english))?.status(), english).toBe(200);
  await checkPage(page, problems, english, 'en', hindi);
  // The switch leads to the twin: follow it, as a visitor would, rather than typing the address.
  problems.length = 0;
  const arrival = page.waitForResponse((response) => response.request().isNavigationRequest());
  await page.locator('a.language-switch').click();
  expect((await arrival).status(), hindi).toBe(200);
  await checkPage(page, problems, hindi, 'hi', english);
}

interface Tab {
  page: Page;
  problems: string[];
}

const WIDTHS = [375, 1280];

// Tests may spread over workers when more than one is allowed; within a test, the two widths run side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('every public page in both languages at 375 and 1280px', () => {
  const contexts: BrowserContext[] = [];
  const tabs: Tab[] = [];
  let tenderId: string;

  // One browser context and tab per width, reused for every page: opening one per page costs more than the checks.
  test.beforeAll(async ({ browser, baseURL }) => {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      await preloadAxe(context);
      const page = await context.newPage();
      contexts.push(context);
      tabs.push({ page, problems: watchConsole(page) });
    }
    const list = await (await tabs[0].page.request.get('/currenttender')).text();
    tenderId = /tender-details\?id=(\d+)/.exec(list)?.[1] ?? '';
    expect(tenderId, 'the demo content has an active tender').not.toBe('');
  });

  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  for (const example of PAGES) {
    test(`${example}: English and Hindi twins`, async () => {
      await Promise.all(tabs.map((tab) => checkTwins(tab, example.replace('TENDER', tenderId).replace('RECEIPT', demoReceipt()))));
    });
  }
});
