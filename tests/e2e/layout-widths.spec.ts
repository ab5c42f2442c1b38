import { expect, test, type Locator, type Page } from '@playwright/test';
import { layoutProblems } from '../support/layout';

/**
 * Checks written once for every public page at the widths people use, from a small phone to a desktop:
 * nothing scrolls sideways, the footer ends the page, no two texts of a card or table row overlap, no word
 * in a table is broken for lack of room, and every dropdown of the header opens inside the window and
 * closes by Escape, by focus leaving it and by a press elsewhere. One browser page per width visits every
 * route, so the whole file costs a few seconds per width.
 */

const WIDTHS = [320, 375, 768, 1024, 1280] as const;

const ROUTES = [
  '/', '/about', '/wardparsad', '/executiveofficer', '/chairman', '/standingcommitee', '/employeelist', '/listofholiday',
  '/currenttender', '/pasttender', '/tender-details?id=1', '/notice', '/circulars', '/officeorder', '/latestnews',
  '/postgrievance', '/trackgrievance', '/viewgrievance', '/tradelicense', '/viewpropertytax', '/paypropertytax',
  '/photogallery', '/videogallery', '/pressrelease', '/contactus', '/privacypolicy', '/search?q=plastic', '/login', '/no-such-page',
  '/archive/notice', '/archive/tender', '/archive/latestnews?q=water',
];

/**
 * At 375 and 1280 px every public page of the route table, in both languages, is held to the same rules by
 * both-languages.spec.ts in the visit it makes anyway; here those widths take only the pages it does not visit.
 */
const SWEPT_WIDTHS = new Set<number>([375, 1280]);
const ROUTES_NOT_SWEPT = ['/login', '/no-such-page', '/search?q=plastic', '/archive/latestnews?q=water'];

test.describe.configure({ mode: 'parallel' });

/** Opens the phone Menu when the bar is folded into it, so its inner dropdowns can be reached. */
async function openPhoneMenu(page: Page): Promise<boolean> {
  const phone = page.locator('.nav-phone');
  if (!(await phone.isVisible())) return false;
  if (!(await phone.evaluate((details: HTMLDetailsElement) => details.open))) await phone.locator(':scope > summary').click();
  return true;
}

const isOpen = (details: Locator) => details.evaluate((element: HTMLDetailsElement) => element.open);

/**
 * Every public page at every width: each page is loaded once, at the narrowest width it is checked at, and
 * drawn at the wider ones by resizing the tab. What differs by width on these pages is their CSS (media
 * queries, which a resize applies as a load at that width would); no page script reads the window's size.
 */
test('every public page fits the window, ends with its footer and keeps its texts apart at every width', async ({ page }) => {
  const found: string[] = [];
  for (const route of ROUTES) {
    const widths = WIDTHS.filter((width) => !SWEPT_WIDTHS.has(width) || ROUTES_NOT_SWEPT.includes(route));
    await page.setViewportSize({ width: widths[0], height: 800 });
    await page.goto(route);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      for (const problem of await layoutProblems(page)) found.push(`${route} at ${width}px: ${problem}`);
    }
  }
  expect(found).toEqual([]);
});

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('every dropdown of the header opens inside the window (and, on the phone Menu and the bar, closes by Escape, focus leaving and a press elsewhere)', async ({ page }) => {
      await page.goto('/contactus');
      const phoneMenu = await openPhoneMenu(page);
      // Every dropdown that can be opened at this width: the bar's or the phone Menu's, and the text size tools.
      const all = page.locator('.site-header details:not(.nav-phone)');
      const openable: number[] = [];
      for (let i = 0; i < (await all.count()); i++) if (await all.nth(i).isVisible()) openable.push(i);
      expect(openable.length).toBeGreaterThanOrEqual(6);
      for (const i of openable) {
        const details = all.nth(i);
        const control = details.locator(':scope > summary');
        const label = (await control.innerText()).trim();
        await control.click();
        expect(await isOpen(details), `${label} opens`).toBe(true);
        // The open panel lies within the window.
        const panel = details.locator(':scope > ul');
        const box = (await panel.boundingBox())!;
        expect(box.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${label}: right edge`).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label} widens the page`).toBeLessThanOrEqual(width);
        // The closing rules do not depend on the width: checked on the phone Menu and on the bar.
        if (width !== 375 && width !== 1280) {
          await control.click();
          if (phoneMenu) await openPhoneMenu(page);
          continue;
        }

        // Escape closes it and gives focus back to its summary.
        await panel.locator('a').first().focus();
        await page.keyboard.press('Escape');
        expect(await isOpen(details), `${label} closes on Escape`).toBe(false);
        await expect(control).toBeFocused();

        // Focus moving past its last link closes it.
        await control.click();
        await panel.locator('a').last().focus();
        await page.keyboard.press('Tab');
        expect(await isOpen(details), `${label} closes when focus leaves`).toBe(false);

        // A press elsewhere (on the copyright line, which leads nowhere) closes it.
        await control.click();
        await page.locator('.copyright p').first().click();
        expect(await isOpen(details), `${label} closes on a press elsewhere`).toBe(false);
        if (phoneMenu) await openPhoneMenu(page);
      }
      if (phoneMenu) {
        await page.locator('.nav-phone > summary').focus();
        await page.keyboard.press('Escape');
        expect(await page.locator('.nav-phone').evaluate((details: HTMLDetailsElement) => details.open), 'the phone Menu closes on Escape').toBe(false);
      }
    });
  });
}

test.describe('on a 375px touch phone with script', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test("tapping a second section of the Menu opens it and keeps the Menu open (the first section's panel closing does not move it from under the finger)", async ({ page }) => {
    await page.goto('/');
    await page.locator('.nav-phone > summary').tap();
    const sections = page.locator('.nav-phone details');
    await sections.nth(0).locator(':scope > summary').tap();
    expect(await isOpen(sections.nth(0))).toBe(true);
    await sections.nth(1).locator(':scope > summary').tap();
    expect(await isOpen(page.locator('.nav-phone')), 'the Menu stays open').toBe(true);
    expect(await isOpen(sections.nth(1)), 'the second section opens').toBe(true);
    expect(await isOpen(sections.nth(0)), 'the first section closes').toBe(false);
    // A tap outside the Menu still closes it.
    await page.locator('.copyright p').first().tap();
    expect(await isOpen(page.locator('.nav-phone'))).toBe(false);
  });
});

/** WCAG's contrast ratio of two CSS colours given as rgb()/rgba() (alpha ignored: these are opaque). */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, bl] = colour.match(/[\d.]+/g)!.slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test.describe('the header on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('is compact: the page heading starts within the first 330px', async ({ page }) => {
    for (const route of ['/contactus', '/notice', '/employeelist']) {
      await page.goto(route);
      // Measured once the web fonts are in: a fallback font's other line heights move the heading.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const top = await page.locator('main h1').evaluate((h1) => h1.getBoundingClientRect().top);
      expect(top, route).toBeLessThanOrEqual(330);
    }
    // The toll-free number, the search box, the language menu and the Menu button all remain.
    await expect(page.getByRole('banner').getByRole('link', { name: '1800-345-6190' }).first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('searchbox')).toBeVisible();
    await expect(page.locator('.nav-phone > summary')).toBeVisible();
  });

  test('the breaking-news strip shows every headline whole', async ({ page }) => {
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/contactus');
      const cut = await page.locator('.news-strip').evaluate((strip) => {
        const window = strip.querySelector('.news-window')!.getBoundingClientRect();
        return [...strip.querySelectorAll<HTMLElement>('.news-track li:not([aria-hidden]) a')].flatMap((link) => {
          const item = link.parentElement!.getBoundingClientRect();
          // Cut off by the line clamp, or taller than the window that shows one headline at a time.
          return link.scrollHeight > link.clientHeight + 1 || item.height > window.height + 0.5 ? [link.textContent] : [];
        });
      });
      expect(cut, `${width}px`).toEqual([]);
    }
  });
});

test.describe('slides', () => {
  for (const width of [375, 768, 1280]) {
    test(`at ${width}px carry their caption as readable text and describe the picture`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const slides = (await (await request.get('/api/Public/slider?media=url')).json()) as { caption: string; pictureDescription: string }[];
      await page.goto('/');
      const first = page.locator('.slider-carousel .swiper-slide').first();
      const caption = first.locator('figcaption');
      // Newest last in the API, first on the page: the welcome banner leads.
      const welcome = slides[slides.length - 1];
      await expect(caption).toHaveText(welcome.caption);
      await expect(first.locator('img')).toHaveAttribute('alt', welcome.pictureDescription);
      const size = await caption.evaluate((el) => ({ font: parseFloat(getComputedStyle(el).fontSize), ...el.getBoundingClientRect().toJSON() }));
      expect(size.font).toBeGreaterThanOrEqual(16);
      expect(size.left).toBeGreaterThanOrEqual(0);
      expect(size.right).toBeLessThanOrEqual(width);
    });
  }
});

test.describe('menu entries and wording', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every menu entry is a link to its own page, and the focus ring stands out on the blue bar', async ({ page, request }) => {
    await page.goto('/contactus');
    const nav = page.locator('.nav-wide');
    // Entries are links (no grey text), and no two entries of different names lead to the same page.
    const entries = await nav.locator('.submenu li, .menu > li').evaluateAll((items) =>
      items.map((item) => ({ text: item.textContent!.replace(/\s+/g, ' ').trim(), links: item.querySelectorAll(':scope > a, :scope > details').length })),
    );
    for (const entry of entries) expect(entry.links, `"${entry.text}" is a link or a dropdown`).toBeGreaterThan(0);
    const links = await nav.locator('a').evaluateAll((anchors) => anchors.map((a) => ({ label: a.textContent!.replace(/\s+/g, ' ').trim(), href: a.getAttribute('href')! })));
    const byHref = new Map<string, string[]>();
    for (const { label, href } of links) byHref.set(href, [...(byHref.get(href) ?? []), label]);
    for (const [href, labels] of byHref) expect(new Set(labels).size, `${href} is named ${labels.join(', ')}`).toBe(1);
    for (const { href } of links.filter((link) => link.href.startsWith('/'))) expect((await request.get(href)).status(), href).toBe(200);
    // Citizens sign in with their mobile, not at the staff sign-in.
    await expect(nav.locator('a', { hasText: "Citizen's Login" })).toHaveAttribute('href', '/my/signin');

    // Keyboard focus on the bar: a ring of at least 3:1 against the bar (WCAG 1.4.11).
    const about = nav.locator('summary', { hasText: 'About Us' });
    for (let i = 0; i < 40 && !(await about.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    const ring = await about.evaluate((el) => ({ outline: getComputedStyle(el).outlineColor, bar: getComputedStyle(el.closest('.main-nav')!).backgroundColor }));
    expect(contrast(ring.outline, ring.bar)).toBeGreaterThanOrEqual(3);
    // And on the white panels: a link of the open About Us panel.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const inPanel = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor);
    expect(contrast(inPanel, 'rgb(255, 255, 255)')).toBeGreaterThanOrEqual(3);
    // And the language switch in the dark contact bar.
    await page.locator('.language-switch').focus();
    const onSwitch = await page.evaluate(() => ({ outline: getComputedStyle(document.activeElement!).outlineColor, bar: getComputedStyle(document.activeElement!.closest('.contact-bar')!).backgroundColor }));
    expect(contrast(onSwitch.outline, onSwitch.bar)).toBeGreaterThanOrEqual(3);
  });

  test('the home page says how complaints are lodged today, and officials carry no borrowed social links', async ({ page }) => {
    await page.goto('/');
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/lodge[^.]*complaints[^.]*(on this portal|online)/i);
    expect(text).not.toContain('ULB etc meet');
    await expect(page.locator('.official-card a')).toHaveCount(0);
  });
});

test.describe('directories at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('show photos large enough to recognise and break an address only before its @', async ({ page }) => {
    await page.goto('/employeelist');
    const photo = page.locator('td[data-label="Photo"] img').first();
    expect((await photo.boundingBox())!.width).toBeGreaterThanOrEqual(64);
    // The name before '@' and the domain after it are each on one line: the only break is the <wbr> between.
    const broken = await page.locator('td[data-label="Email-ID"] a').evaluateAll((links) =>
      links.flatMap((a) =>
        [...a.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim()).flatMap((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return range.getClientRects().length > 1 ? [node.textContent] : [];
        }),
      ),
    );
    expect(broken).toEqual([]);
  });
});
