import { expect, test, type Page } from '@playwright/test';
import { demoSettings } from '../support/demo-council';
import { expectNoSeriousA11yViolations } from '../support/axe';

/**
 * The public frame (header, menus, breaking news, search, footer) and the text pages it carries: contact,
 * privacy, trade licence, the not-yet-online services, holidays, search and the not-found page.
 */

/** Services announced but not online: none since the video gallery went online; the check stays for the next one. */
const PLACEHOLDERS: { path: string; heading: string }[] = [];
const TEXT_PAGES = [
  { path: '/contactus', heading: 'Contact Us' },
  { path: '/privacypolicy', heading: 'Privacy Policy' },
  { path: '/tradelicense', heading: 'Apply for a trade licence' },
  { path: '/listofholiday', heading: 'List of Holidays' },
  { path: '/search?q=plastic', heading: 'Search' },
  { path: '/videogallery', heading: 'Video Gallery' },
  ...PLACEHOLDERS,
];
/** A word from a demo notice's title, and that notice. */
const DEMO_NOTICE_WORD = 'plastic';
const DEMO_NOTICE_TITLE = 'Ban on single-use plastic carry bags in market areas';
const currentYear = () => new Date(Date.now() + 330 * 60_000).getUTCFullYear();

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

async function newestHeadlines(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/Public/latest-news');
  expect(res.status()).toBe(200);
  const items = (await res.json()) as { title: string }[];
  expect(items.length, 'the demo has latest news').toBeGreaterThan(1);
  return items.slice(0, 8).map((item) => item.title);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('contact page: address, numbers, map and a message form that sends through the feedback form', async ({ page }) => {
      await page.goto('/contactus');
      const main = page.getByRole('main');
      await expect(main).toContainText(demoSettings.address.line1);
      await expect(main).toContainText(demoSettings.officeHours);
      await expect(main.getByRole('link', { name: demoSettings.email }).first()).toHaveAttribute('href', `mailto:${demoSettings.email}`);
      await expect(main.getByRole('link', { name: demoSettings.tollFree }).first()).toBeVisible();
      await expect(main.getByRole('link', { name: demoSettings.phone }).first()).toBeVisible();
      // The map waits to be asked for: nothing loads from its site before the press.
      await expect(main.locator('iframe')).toHaveCount(0);
      const show = main.getByRole('link', { name: /Show the map/ });
      await expect(show).toHaveAttribute('href', demoSettings.mapEmbedUrl);
      await show.click();
      const map = main.locator('iframe');
      await expect(map).toHaveAttribute('title', /Map/);
      await expect(map).toHaveAttribute('src', demoSettings.mapEmbedUrl);
      const form = main.getByRole('region', { name: 'Send us a message' }).locator('form');
      await expect(form).toHaveAttribute('action', '/feedback');
      for (const label of ['Your name', 'Subject', 'Your feedback']) await expect(form.getByLabel(label)).toBeVisible();
      await expect(form.getByRole('button', { name: 'Send feedback' })).toBeEnabled();
    });

    test('privacy policy: twelve numbered sections, each reached from the contents', async ({ page }) => {
      await page.goto('/privacypolicy');
      const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
      await expect(contents).toHaveCount(12);
      const sections = page.locator('section.policy-section h2');
      await expect(sections).toHaveCount(12);
      await expect(sections.first()).toHaveText('1. Information we collect');
      await expect(sections.last()).toHaveText('12. Contact us');
      for (const href of await contents.evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) {
        await expect(page.locator(href), `${href} exists`).toHaveCount(1);
      }
      await contents.filter({ hasText: 'Grievance officer' }).click();
      await expect(page).toHaveURL(/#grievance-officer$/);
      await expect(page.locator('#grievance-officer h2')).toBeInViewport();
    });

    test('trade licence: the seed form sections and its fields, several owners, the documents and a button to send it', async ({ page }) => {
      await page.goto('/tradelicense');
      const legends = page.locator('form.trade-form fieldset legend');
      await expect(legends).toHaveText(['Trade Details', 'Trade Unit Details', 'Trade Location Details', 'Owner Details: Owner 1', 'Owner Details: Owner 2', 'Owner Details: Owner 3', 'Documents']);
      const form = page.locator('form.trade-form');
      const labels = [
        'Financial Year', 'Licence Type', 'Old Licence No.', 'Trade Name', 'Structure Type', 'Construction of the Premises', 'Date of Commencement', 'GST No.',
        'Operation Area (sq ft)', 'Number of Employees', 'Trade Category', 'Trade Type',
        'Ward', 'Door / House No.', 'Building Name', 'Road', 'Locality', 'Pincode', 'Correspondence Address',
      ];
      // A required field's label ends in a visual '*' (hidden from screen readers).
      const field = (label: string) => form.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}( \\*)?$`));
      for (const label of labels) await expect(field(label), label).toHaveCount(1);
      for (const label of ['Owner Name', 'Father / Husband Name', 'PAN', 'Mobile number']) await expect(field(label), label).toHaveCount(3);
      // No second "sub type" beside the construction's, no cantonment (the API still takes both), and the PAN is optional.
      for (const label of ['Sub Type', 'Trade Sub Type', 'Cantonment']) await expect(field(label), label).toHaveCount(0);
      await expect(form.locator('#owner1_pan')).not.toHaveAttribute('required', '');
      const options = async (label: string) => field(label).locator('option').allTextContents();
      expect(await options('Licence Type')).toEqual(['Select', 'New', 'Renewal']);
      expect(await options('Trade Category')).toEqual(['Select', 'Manufacturing', 'Retail', 'Service']);
      expect((await options('Financial Year')).slice(1)).toHaveLength(2);
      await expect(field('Trade Name')).toHaveAttribute('required', '');
      await expect(form.locator('#owner1_name')).toHaveAttribute('required', '');
      await expect(form.locator('#owner2_name')).not.toHaveAttribute('required', '');
      await expect(field('Old Licence No.')).not.toHaveAttribute('required', '');
      await expect(form.locator('input[type=file]')).not.toHaveCount(0);
      await expect(form.getByRole('button', { name: 'Send the application' })).toBeVisible();
    });

    test('services not yet online say so and how to reach the office', async ({ page }) => {
      for (const { path } of PLACEHOLDERS) {
        await page.goto(path);
        const main = page.getByRole('main');
        await expect(main, path).toContainText('This service is not yet available online.');
        await expect(main, path).toContainText(demoSettings.address.line1);
        await expect(main, path).toContainText(demoSettings.officeHours);
        await expect(main.getByRole('link', { name: demoSettings.tollFree }), path).toBeVisible();
        await expect(main.getByRole('link', { name: demoSettings.email }), path).toBeVisible();
        await expect(main, path).not.toContainText('works!');
      }
      // Grievances are online: tracking leads to lodging, not to the office.
      await page.goto('/trackgrievance');
      await expect(page.getByRole('main').getByRole('link', { name: 'Lodge a new grievance' })).toHaveAttribute('href', '/postgrievance');
    });

    test("holidays: the council's subtitle, this year's calendar picture and the table", async ({ page }) => {
      const year = currentYear();
      await page.goto('/listofholiday');
      await expect(page.getByRole('main')).toContainText(`Holidays of ${demoSettings.councilName} for the year ${year}`);
      const picture = page.getByRole('main').locator(`img[src="/holiday-calendar/${year}.svg"]`);
      await expect(picture).toHaveAttribute('alt', new RegExp(`Calendar of ${year}`));
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const table = page.getByRole('table', { name: /Holidays in/ });
      await expect(table.getByRole('columnheader')).toHaveText(['S. No.', 'Date', 'Day', 'Occasion']);
      const republicDay = table.getByRole('row').filter({ hasText: 'Republic Day' });
      await expect(republicDay).toContainText(`26 January ${year}`);
      const weekday = new Date(Date.UTC(year, 0, 26)).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
      await expect(republicDay).toContainText(weekday);
      await expect(table.getByRole('row').filter({ hasText: 'Independence Day' })).toContainText(`15 August ${year}`);

      const svg = await page.request.get(`/holiday-calendar/${year}.svg`);
      expect(svg.status()).toBe(200);
      expect(svg.headers()['content-type']).toContain('image/svg+xml');
      expect(svg.headers()['cache-control']).toContain('max-age=');
      expect(await svg.text()).toContain(`Holiday Calendar ${year}`);
      expect((await page.request.get('/holiday-calendar/1850.svg')).status()).toBe(404);
    });

    test('the breaking-news strip shows the newest headlines, links them to /latestnews, and pauses on hover', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      const headlines = await newestHeadlines(page);
      await page.goto('/contactus');
      const strip = page.getByRole('region', { name: 'Breaking News' });
      const first = strip.getByRole('link', { name: headlines[0], exact: true });
      await expect(first).toBeVisible();
      await expect(first).toHaveAttribute('href', '/latestnews');
      await expect(strip.locator('li:not([aria-hidden])')).toHaveCount(headlines.length);
      const track = strip.locator('ul');
      expect(await track.evaluate((el) => getComputedStyle(el).animationName)).toMatch(/^news-ticker-/);
      expect(await track.evaluate((el) => getComputedStyle(el).animationDuration)).toBe(`${headlines.length * 5}s`);
      await strip.hover();
      expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
    });

    test('under reduced motion the newest headline stands still in one line, and focus lists them all', async ({ page }) => {
      const headlines = await newestHeadlines(page);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/privacypolicy');
      const strip = page.getByRole('region', { name: 'Breaking News' });
      expect(await strip.locator('ul').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
      // As tall as the moving strip: the whole list would push a phone's first screen down (see top-tasks.spec.ts).
      const window = strip.locator('.news-window');
      const oneLine = (await window.boundingBox())!.height;
      expect(oneLine).toBeLessThan(70);
      await strip.getByRole('link', { name: headlines[0], exact: true }).focus();
      expect((await window.boundingBox())!.height).toBeGreaterThan(oneLine * 2);
      for (const title of headlines) await expect(strip.getByRole('link', { name: title, exact: true })).toBeInViewport();
    });

    test('search finds a demo notice by a word of its title and says when nothing matches', async ({ page }) => {
      await page.goto('/contactus');
      const box = page.getByRole('banner').getByRole('searchbox');
      await expect(box).toBeVisible();
      await box.fill(DEMO_NOTICE_WORD);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${DEMO_NOTICE_WORD}$`));
      const notices = page.getByRole('region', { name: /Notices/ });
      await expect(notices.getByRole('link', { name: DEMO_NOTICE_TITLE, exact: true })).toHaveAttribute('href', /^\/notice\/\d+$/);
      await expect(page.getByRole('main')).toContainText(/\d+ results? for "plastic"/);

      await page.goto('/search?q=zqxjvwk');
      await expect(page.getByRole('main')).toContainText('No results found for "zqxjvwk"');
      // LIKE wildcards are taken literally: a lone '%%' must not match everything.
      await page.goto('/search?q=%25%25');
      await expect(page.getByRole('main')).toContainText('No results found');
      await page.goto('/search?q=a');
      await expect(page.getByRole('main')).toContainText('Please type at least 2 characters');
    });

    test('an unknown path answers 404 with the not-found page, whose link leads home', async ({ page }) => {
      const response = await page.goto('/no-such-page-here');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
      await expect(page.getByRole('banner')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `404 at ${width}px`);
      await page.getByRole('link', { name: 'Go Back To Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
}

test.describe('menus at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('dropdowns open by keyboard (Tab, Enter) and by click, one at a time', async ({ page }) => {
    await page.goto('/contactus');
    // The phone menu holds the same links but is hidden at this width.
    const nav = page.getByRole('navigation', { name: 'Main' }).locator('.nav-wide');
    const about = nav.locator('summary', { hasText: 'About Us' }).first();
    for (let i = 0; i < 40 && !(await about.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(about).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Ward Parshad' })).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Ward Parshad' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'List of Holidays' })).toHaveAttribute('href', '/listofholiday');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toBeFocused();

    await nav.locator('summary', { hasText: 'Tenders' }).click();
    await expect(nav.getByRole('link', { name: 'Active Tenders', exact: true })).toHaveAttribute('href', '/currenttender');
    await expect(nav.getByRole('link', { name: 'Past Tenders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Ward Parshad' }), 'opening one dropdown closes the other').toBeHidden();

    // Entries that led to another list, or to nothing, are gone.
    await expect(nav.locator('summary', { hasText: 'Downloads' })).toHaveCount(0);

    await nav.locator('summary', { hasText: 'Services' }).click();
    const gps = nav.getByRole('link', { name: /Vehicle GPS Tracking/ });
    await expect(gps).toHaveAttribute('href', demoSettings.gpsTracingUrl);
    await expect(gps).toHaveAttribute('target', '_blank');
    await expect(gps).toHaveAttribute('rel', 'noopener noreferrer');

    await nav.locator('summary', { hasText: 'Grievance' }).click();
    await expect(nav.getByRole('link', { name: /RTI/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(nav.getByRole('link', { name: 'Office Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: "Citizen's Login" })).toHaveAttribute('href', '/my/signin');
    await expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contactus');
    await expectNoSeriousA11yViolations(page, 'open menu at 1280px');
  });

  test('contact bar: numbers, language choice and the mobile app link', async ({ page }) => {
    await page.goto('/privacypolicy');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: demoSettings.phone })).toHaveAttribute('href', 'tel:06254242118');
    await expect(header.getByRole('link', { name: demoSettings.tollFree }).first()).toBeVisible();
    const app = header.getByRole('link', { name: /Mobile App/ });
    await expect(app).toHaveAttribute('href', demoSettings.mobileAppUrl);
    await expect(app).toHaveAttribute('target', '_blank');
    // The switch goes to the same page in Hindi, and from there back to English.
    const hindi = header.getByRole('link', { name: 'हिन्दी में यह पृष्ठ' });
    await expect(hindi).toHaveAttribute('lang', 'hi');
    await expect(hindi).toHaveAttribute('href', '/hi/privacypolicy');
    await hindi.click();
    await expect(page).toHaveURL(/\/hi\/privacypolicy$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.getByRole('banner').getByRole('link', { name: 'This page in English' }).click();
    await expect(page).toHaveURL(/\/privacypolicy$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('menu at 375px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the Menu button reveals the links, with dropdowns inside', async ({ page }) => {
    await page.goto('/postgrievance');
    await expect(page.locator('.nav-wide'), 'the wide menu bar is hidden on phones').toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' }).locator('.nav-phone');
    const button = nav.locator('summary', { hasText: 'Menu' });
    await expect(button).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contacts' })).toBeHidden();
    await button.click();
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contacts' })).toBeVisible();
    await nav.locator('summary', { hasText: 'Documents' }).click();
    const documents = nav.locator('details', { has: page.locator('summary', { hasText: 'Documents' }) });
    await expect(documents.getByRole('link', { name: 'Circulars' })).toHaveAttribute('href', '/circulars');
    await expect(documents.getByRole('link', { name: 'Office Order', exact: true })).toBeVisible();
    // Keyboard too: Enter on a summary opens it.
    await nav.locator('summary', { hasText: 'Gallery' }).focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Photo Gallery' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, 'open phone menu');
  });
});

test.describe('at 320px', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('no page scrolls sideways, even with the menu open', async ({ page }) => {
    for (const { path } of TEXT_PAGES) {
      await page.goto(path);
      await expectNoHorizontalScroll(page);
    }
    await page.goto('/no-such-page-here');
    await expectNoHorizontalScroll(page);
    const phoneMenu = page.getByRole('navigation', { name: 'Main' }).locator('.nav-phone');
    await phoneMenu.locator('summary', { hasText: 'Menu' }).click();
    await phoneMenu.locator('summary', { hasText: 'About Us' }).click();
    await expect(phoneMenu.getByRole('link', { name: 'List of Holidays' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test('signed-in staff see the pages without the public header and footer', async ({ page }) => {
  const login = await page.request.post('/api/Account/login', { data: { email: 'staff@nagarparishad.example', password: 'staff-demo-2026' } });
  expect(login.status()).toBe(200);
  await page.goto('/contactus');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(page.locator('footer.site-footer')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Breaking News' })).toHaveCount(0);
});
