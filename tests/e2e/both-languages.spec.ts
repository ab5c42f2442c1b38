import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demoSettings } from '../support/demo-council';
import { expectNoSeriousA11yViolations, preloadAxe } from '../support/axe';
import { expectLinksToStayInHindi } from '../support/hindi-links';
import { layoutProblems } from '../support/layout';
import { expectOnlyTheMenuScript, FILE_SIZE_CHECK } from '../support/page-scripts';
import { installPortalModules } from '../../src/modules';
import { isApiPattern, routeTable } from '../../src/server/route-table';
import { pathIn, type Lang } from '../../src/i18n/lang';

// The route table is the composition list's, installed as an entry installs it.
installPortalModules();

/**
 * Every public page of the route table, in English and in Hindi, at a phone's and a desktop's width: it
 * answers 200 in its language, names its twin with hreflang, its language switch leads to the twin, nothing
 * is reported on the console, axe finds no serious or critical fault, and it keeps the layout rules of
 * tests/support/layout.ts. A Hindi page carries its Hindi heading and keeps its links in Hindi; a text page
 * loads no script but the menu's. A page added to the route table is checked here without anyone listing
 * it; a dynamic one must be given a real example below, or this fails. One load a page and language makes every
 * check at both widths, as a page load in a browser costs more than all the checks on it.
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

/** The Hindi heading of a page, by its English address (pages not named here are checked for one heading only). */
const HINDI_HEADINGS: Readonly<Record<string, string>> = {
  '/notice': 'सूचनाएँ',
  '/circulars': 'परिपत्र',
  '/officeorder': 'कार्यालय आदेश',
  '/latestnews': 'ताज़ा समाचार',
  '/currenttender': 'सक्रिय निविदाएँ',
  '/pasttender': 'निष्क्रिय निविदाएँ',
  '/about': 'नगर परिषद कमलपुर में आपका स्वागत है',
  '/chairman': 'मुख्य पार्षद',
  '/executiveofficer': 'कार्यपालक पदाधिकारी',
  '/wardparsad': 'वार्ड पार्षद',
  '/standingcommitee': 'सशक्त स्थायी समिति के सदस्य',
  '/employeelist': 'कर्मचारियों की सूची',
  '/photogallery': 'फ़ोटो गैलरी',
  '/videogallery': 'वीडियो गैलरी',
  '/pressrelease': 'प्रेस विज्ञप्ति',
  '/paypropertytax': 'संपत्ति कर जमा करें',
  '/viewpropertytax': 'संपत्ति कर देखें',
  '/postgrievance': 'शिकायत दर्ज करें',
  '/trackgrievance': 'शिकायत की स्थिति',
  '/contactus': 'संपर्क करें',
  '/listofholiday': 'अवकाश सूची',
  '/tradelicense': 'व्यापार लाइसेंस के लिए आवेदन',
  '/viewgrievance': 'सभी शिकायतें',
  '/grievance-performance': 'शिकायत निवारण का प्रदर्शन',
  '/search': 'खोजें',
  '/archive/notice': 'सूचना अभिलेखागार',
  '/privacypolicy': 'गोपनीयता नीति',
  '/': 'नगर परिषद कमलपुर में आपका स्वागत है',
};

/** Text pages: their English heading, and they load no script but the header's menu script. */
const TEXT_PAGES: Readonly<Record<string, string>> = {
  '/contactus': 'Contact Us',
  '/privacypolicy': 'Privacy Policy',
  '/tradelicense': 'Apply for a trade licence',
  '/listofholiday': 'List of Holidays',
  '/search': 'Search',
};

/** A text page's own scripts that only add to what works without them: the licence fee worked out in place, the file sizes checked before sending. */
const TEXT_PAGE_EXTRAS: Readonly<Record<string, readonly (string | RegExp)[]>> = { '/tradelicense': ['/scripts/fee-in-place.js', ...FILE_SIZE_CHECK] };

/** The frame around a text page: the council's name in the banner, its address, policies and copyright in the footer. */
async function expectTheFrame(page: Page, address: string): Promise<void> {
  const currentYear = new Date(Date.now() + 330 * 60_000).getUTCFullYear();
  await expect(page.getByRole('banner').getByRole('link', { name: demoSettings.councilName }), address).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer, address).toContainText(demoSettings.addressText);
  await expect(footer.getByRole('link', { name: 'Privacy Policy' }), address).toHaveAttribute('href', '/privacypolicy');
  await expect(footer, address).toContainText(`© ${currentYear} ${demoSettings.councilName}`);
}

/**
 * Routes that are not pages of their own: the not-found page answers 404 by design; signing out is a button's
 * post; the first setup answers only on a server that is waiting to be set up (tests/api/council.test.ts).
 */
const NOT_PAGES = new Set(['/404', '/my/signout', '/setup']);

const PAGES = Object.entries(routeTable())
  .filter(([pattern, route]) => route.access === 'public' && !route.englishOnly && !isApiPattern(pattern) && !NOT_PAGES.has(pattern))
  .filter(([pattern]) => !/\.(xml|svg|json|rss)$/.test(pattern))
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

/**
 * Checks what the page open in the tab says whatever the width: it is `address` in `lang`, with `twin` its
 * address in the other language, one heading, its images described, its links and scripts as they should be.
 */
async function checkVisit(tab: Tab, address: string, lang: Lang, twin: string): Promise<void> {
  const { page, scripts } = tab;
  await expect(page).toHaveURL((url) => url.pathname + url.search === address);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
    Object.fromEntries(links.map((link) => [link.getAttribute('hreflang'), new URL(link.getAttribute('href') ?? '').pathname + new URL(link.getAttribute('href') ?? '').search])),
  );
  const english = lang === 'en' ? address : twin;
  expect(alternates, address).toEqual({ en: english, hi: pathIn('hi', english), 'x-default': english });
  await expect(page.locator('a.language-switch'), address).toHaveAttribute('href', twin);
  // A whole page: one heading, every image saying what it shows.
  await expect(page.locator('h1'), address).toHaveCount(1);
  const path = new URL(english, 'http://x').pathname;
  const heading = lang === 'hi' ? HINDI_HEADINGS[path] : TEXT_PAGES[path];
  if (heading) await expect(page.locator('h1'), address).toHaveText(heading);
  if (lang === 'hi') await expectLinksToStayInHindi(page, address);
  if (path in TEXT_PAGES) await expectOnlyTheMenuScript(page, scripts, address, TEXT_PAGE_EXTRAS[path]);
  expect(await page.locator('img:not([alt])').count(), `${address}: images without alt`).toBe(0);
}

/** Where axe runs on a visit: not at all, every rule, or every rule but colour contrast. */
type AxeRun = 'none' | 'all' | 'no-contrast';

/**
 * Checks the page open in the tab, `address` in `lang`, at the tab's present width: its heading (and an English
 * text page's frame) shows, its layout, its console, and axe's rules as `axe` says.
 */
async function checkWidth(tab: Tab, address: string, lang: Lang, axe: AxeRun): Promise<void> {
  const { page, problems } = tab;
  const width = page.viewportSize()?.width ?? 0;
  await expect(page.locator('h1'), `${address} at ${width}px`).toBeVisible();
  if (lang === 'en' && new URL(address, 'http://x').pathname in TEXT_PAGES) await expectTheFrame(page, `${address} at ${width}px`);
  expect(await layoutProblems(page), `${address} at ${width}px`).toEqual([]);
  if (axe !== 'none') await expectNoSeriousA11yViolations(page, `${address} at ${width}px`, axe === 'no-contrast' ? ['color-contrast'] : []);
  expect(problems, `console of ${address} at ${width}px`).toEqual([]);
}

/**
 * One visit of the English page and, through its switch, its Hindi twin, each checked at both widths. A page
 * is loaded once and then drawn at the other width by resizing the tab: what differs by width on these pages
 * is their CSS (media queries, which a resize applies as a load at that width would), and no page script
 * reads the window's size. English is loaded at the phone's width and Hindi at the desktop's, so both widths
 * are also seen as a page first loads. axe, which costs more than the load, runs once a language, at the width
 * the page was loaded at. The markup and the colours are the same at both widths, only which parts show
 * differs: so each page is checked by axe in both languages and at both widths, one width a language, and the
 * phone's own parts (its open Menu) are checked whole in public-frame.spec.ts.
 *
 * Colour contrast, two thirds of axe's time, is measured in one language of the two: the twins share their
 * colours and their text sizes (the stylesheets set only the Hindi font's family by language), so a second
 * measure finds what the first did. `contrastIn` takes turns by page, so that the frame's colours are measured
 * in both languages and at both widths; every other rule runs in both, as the words they read differ.
 */
async function checkTwins(tab: Tab, english: string, contrastIn: Lang): Promise<void> {
  const { page, problems, scripts } = tab;
  const [phone, desktop] = WIDTHS.map((width) => ({ width, height: HEIGHT }));
  const hindi = pathIn('hi', english);
  problems.length = 0;
  scripts.length = 0;
  await page.setViewportSize(phone);
  expect((await page.goto(english))?.status(), english).toBe(200);
  await checkVisit(tab, english, 'en', hindi);
  await checkWidth(tab, english, 'en', contrastIn === 'en' ? 'all' : 'no-contrast');
  await page.setViewportSize(desktop);
  await checkWidth(tab, english, 'en', 'none');
  // The switch leads to the twin: follow it, as a visitor would, rather than typing the address.
  problems.length = 0;
  scripts.length = 0;
  const arrival = page.waitForResponse((response) => response.request().isNavigationRequest());
  await page.locator('a.language-switch').click();
  expect((await arrival).status(), hindi).toBe(200);
  await checkVisit(tab, hindi, 'hi', english);
  await checkWidth(tab, hindi, 'hi', contrastIn === 'hi' ? 'all' : 'no-contrast');
  await page.setViewportSize(phone);
  await checkWidth(tab, hindi, 'hi', 'none');
}

interface Tab {
  page: Page;
  /** What the page reported on its console or threw since the last visit began. */
  problems: string[];
  /** The scripts the page asked for since the last visit began. */
  scripts: string[];
}

/** Every script a tab's pages ask for. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url())) scripts.push(request.url());
  });
  return scripts;
}

/** The phone's and the desktop's width, in that order. */
const WIDTHS = [375, 1280] as const;
const HEIGHT = 900;

// Tests may spread over workers when more than one is allowed.
test.describe.configure({ mode: 'parallel' });

test.describe('every public page in both languages at 375 and 1280px', () => {
  let context: BrowserContext | undefined;
  let tab: Tab;
  let tenderId: string;

  // One browser context and tab, reused for every page: opening one per page costs more than the checks.
  test.beforeAll(async ({ browser, baseURL }) => {
    // Reduced motion: the news ticker would otherwise animate for as long as the tab stays open, a twentieth of
    // a core for the whole file; how the ticker moves is public-frame.spec.ts's to test.
    context = await browser.newContext({ baseURL, viewport: { width: WIDTHS[0], height: HEIGHT }, reducedMotion: 'reduce' });
    await preloadAxe(context);
    const page = await context.newPage();
    tab = { page, problems: watchConsole(page), scripts: watchScripts(page) };
    const list = await (await page.request.get('/currenttender')).text();
    tenderId = /tender-details\?id=(\d+)/.exec(list)?.[1] ?? '';
    expect(tenderId, 'the demo content has an active tender').not.toBe('');
  });

  // A worker may run this group's hooks more than once (a batch of its tests, then later another): each batch
  // starts from a tab of its own, never from the closed one of the batch before.
  test.afterAll(async () => {
    await context?.close();
    context = undefined;
  });

  PAGES.forEach((example, index) => {
    test(`${example}: English and Hindi twins`, async () => {
      await checkTwins(tab, example.replace('TENDER', tenderId).replace('RECEIPT', demoReceipt()), index % 2 === 0 ? 'en' : 'hi');
    });
  });
});
