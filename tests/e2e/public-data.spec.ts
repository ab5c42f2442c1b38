import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { fileNameFromTitle, formatClosing, formatDayMonthYear, formatMedium } from '../../src/lib/format';
import { demoSettings } from '../support/demo-council';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectOnlyTheMenuScript } from '../support/page-scripts';

/**
 * The public data pages in Chromium, checked against what the public API says is in the database: the
 * home page and its islands, the directories, tenders, document lists, gallery and press releases.
 *
 * axe runs here only on what a visitor's action made of a page (details, a tender or a picture open, and the
 * page once they are closed again): every public page as it loads is checked by axe in both languages at 375
 * and 1280 px by both-languages.spec.ts, on the same server (colour contrast at 1280 px, its colours being the
 * same at every width), and a second run on the same page as loaded could find nothing that one does not.
 */

type Item = Record<string, unknown>;

async function apiList(request: APIRequestContext, path: string): Promise<Item[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as Item[];
}

const officials = (request: APIRequestContext, designations: readonly string[], home: 'Yes' | 'All') =>
  apiList(request, `/api/Public/minister-officer-employee-by-designations?${designations.map((d) => `designations=${encodeURIComponent(d)}`).join('&')}&home=${home}&media=url`);

const HOME_DESIGNATIONS = ['Chief Minister', 'Minister', 'Principal Secretary', 'Chairman', 'Vice Chairman', 'Executive Officer'];

const DIRECTORIES = [
  { path: '/wardparsad', title: 'Ward Parshad', designations: ['Ward Parshad'] },
  { path: '/executiveofficer', title: 'Executive Officer', designations: ['Executive Officer'] },
  { path: '/chairman', title: 'Chairman', designations: ['Chairman'] },
  { path: '/standingcommitee', title: 'Standing Committee Members', designations: ['Standing Committee Members'] },
  { path: '/employeelist', title: 'Employee List', designations: ['IT', 'Operators', 'Officers', 'Employees'] },
];

const DOCUMENT_LISTS = [
  { path: '/notice', api: 'notice', title: 'Notices', department: false, file: true },
  { path: '/circulars', api: 'circular', title: 'Circulars', department: true, file: true },
  { path: '/officeorder', api: 'officeorder', title: 'Office Orders', department: true, file: true },
  { path: '/latestnews', api: 'latest-news', title: 'Latest News', department: false, file: false },
];

/** A tender takes bids until its last date and time in India, or to the end of that day without a time. */
function isOpen(tender: Item, now = Date.now()): boolean {
  const date = String(tender.last_date_of_submission);
  const time = String(tender.last_date_of_submission_time ?? '');
  const closes = time ? Date.parse(`${date}T${time}:00+05:30`) : Date.parse(`${date}T00:00:00+05:30`) + 24 * 3600_000;
  return closes > now;
}

/** Records the scripts a page asks for. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

async function expectWholePage(page: Page, h1: string | RegExp) {
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.locator('h1')).toHaveText(h1);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
}

/**
 * A text page: its content is in the HTML and it loads no JavaScript but the header's menu closing rules
 * (checked before axe is injected).
 */
async function expectNoScripts(page: Page, scripts: string[]) {
  await expectOnlyTheMenuScript(page, scripts);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of ['/', '/home']) {
      test(`${path}: slider, welcome, about, complaint panel, links, officials and drawings from the database`, async ({ page, request }) => {
        const [slides, about, home] = await Promise.all([
          apiList(request, '/api/Public/slider?media=url'),
          apiList(request, '/api/Public/about'),
          officials(request, HOME_DESIGNATIONS, 'Yes'),
        ]);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expectWholePage(page, `Welcome to ${demoSettings.councilName}`);

        // The first banner is in the server's HTML, asked for early; one slide per stored picture.
        const firstSlide = page.locator('.slider-carousel .swiper-slide img').first();
        await expect(firstSlide).toHaveAttribute('fetchpriority', 'high');
        await expect(page.locator('.slider-carousel .swiper-slide')).toHaveCount(slides.filter((s) => s.sliderPath).length);
        await expect.poll(() => firstSlide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
        // The picture keeps the old height (docs/legacy-contract.md §3.2); its caption is text beside it.
        const sliderHeight = await firstSlide.evaluate((el) => el.getBoundingClientRect().height);
        expect(sliderHeight).toBe(width <= 768 ? 140 : 480);

        for (const entry of about) await expect(page.getByRole('heading', { level: 2, name: String(entry.name) })).toBeVisible();

        await expect(page.getByRole('heading', { name: 'Important Links' })).toBeVisible();
        for (const link of demoSettings.importantLinks) {
          const anchor = page.locator('.important-links a', { hasText: link.label });
          await expect(anchor).toHaveAttribute('href', link.url);
          await expect(anchor).toHaveAttribute('target', '_blank');
          await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer');
        }

        await expect(page.getByRole('heading', { name: 'Ministers / Officers / Members' })).toBeVisible();
        await expect(page.getByText('The elected representatives and senior officers who serve the town.')).toBeVisible();
        const cards = page.locator('.official-card');
        await expect(cards).toHaveCount(home.length);
        await expect(cards.locator('h3')).toHaveText(home.map((person) => String(person.name)));
        // The directory holds no person's social accounts, so no card shows the council's as theirs (item 10).
        await expect(cards.locator('a[target="_blank"]')).toHaveCount(0);

        // Our Citizens: eight drawings, each with its words beside it, as a plain list.
        const drawings = page.locator('.citizens-list > li');
        await expect(drawings).toHaveCount(8);
        await expect(drawings.locator('figcaption strong').first()).toHaveText('A vegetable seller');
      });
    }

    test('/about: the welcome heading, about texts with pictures and the officials', async ({ page, request }) => {
      const scripts = watchScripts(page);
      const [about, home] = await Promise.all([apiList(request, '/api/Public/about'), officials(request, HOME_DESIGNATIONS, 'Yes')]);
      await page.goto('/about');
      await expectWholePage(page, `Welcome to ${demoSettings.councilName}`);
      await expectNoScripts(page, scripts);
      for (const entry of about) {
        const article = page.locator('.about-entry', { has: page.getByRole('heading', { name: String(entry.name) }) });
        await expect(article).toContainText(String(entry.description).slice(0, 60));
        await expect(article.locator('img')).toHaveAttribute('alt', String(entry.name));
      }
      await expect(page.locator('.official-card h3')).toHaveText(home.map((person) => String(person.name)));
    });

    for (const directory of DIRECTORIES) {
      test(`${directory.path}: everyone of ${directory.designations.join(', ')} with their details`, async ({ page, request }) => {
        const scripts = watchScripts(page);
        const people = await officials(request, directory.designations, 'All');
        expect(people.length).toBeGreaterThan(0);
        await page.goto(directory.path);
        await expectWholePage(page, directory.title);
        await expectNoScripts(page, scripts);
        const rows = page.locator('table.directory-table tbody tr');
        await expect(rows).toHaveCount(people.length);
        const first = people[0];
        const firstRow = rows.first();
        if (width > 768) {
          await expect(firstRow.locator('td[data-label="Name"]')).toHaveText(String(first.name));
          await expect(firstRow.locator('td[data-label="Email-ID"] a')).toHaveAttribute('href', `mailto:${first.emailAddres}`);
          await expect(firstRow.locator('td[data-label="From Date"]')).toHaveText(formatMedium(first.fromDate ? String(first.fromDate) : null));
          await expect(firstRow.locator('td[data-label="Photo"] img')).toHaveAttribute('alt', String(first.name));
          await expect(firstRow.locator('td[data-label="Photo"] img')).toHaveAttribute('loading', 'lazy');
          await expect(page.getByRole('button', { name: /View More/ }).first()).toBeHidden();
        } else {
          // Narrow screens: photo, name and designation, and the rest behind View More.
          await expect(firstRow.locator('.compact-cell')).toContainText(String(first.name));
          await expect(firstRow.locator('.compact-cell')).toContainText(String(first.designation));
          await expect(firstRow.locator('td[data-label="Mobile No."]')).toBeHidden();
          const details = page.locator(`#employee-${first.id}`);
          await expect(details).toBeHidden();
          await firstRow.getByRole('button', { name: /View More/ }).click();
          await expect(details).toBeVisible();
          await expect(details.getByRole('heading', { name: 'Details' })).toBeVisible();
          await expect(details).toContainText(String(first.emailAddres));
          await expect(details.getByRole('link', { name: String(first.emailAddres) })).toHaveAttribute('href', `mailto:${first.emailAddres}`);
          for (const label of ['Name', 'Designation', 'Post Remarks', 'From Date', 'To Date', 'Mobile No.', 'Telephone No.', 'Email-ID']) {
            await expect(details.locator('dt', { hasText: new RegExp(`^${label.replace('.', '\\.')}$`) })).toHaveCount(1);
          }
          await expectNoSeriousA11yViolations(page, `${directory.path} with the details open`);
          await details.getByRole('button', { name: 'Close', exact: true }).click();
          await expect(details).toBeHidden();
          await expectNoSeriousA11yViolations(page, `${directory.path} with the details closed again`);
        }
        await expect(page.locator('table.directory-table')).toContainText(String(people[people.length - 1].name));
      });
    }

    test('tenders: open ones on Active Tenders, closed ones on Past Tenders, never both', async ({ page, request }) => {
      const scripts = watchScripts(page);
      const tenders = await apiList(request, '/api/Public/tender?media=url');
      const open = tenders.filter((t) => isOpen(t));
      const closed = tenders.filter((t) => !isOpen(t));
      expect(open.length).toBeGreaterThan(0);
      expect(closed.length).toBeGreaterThan(0);

      const listed: Record<string, string[]> = {};
      for (const [path, title, expected] of [['/currenttender', 'Active Tenders', open], ['/pasttender', 'Past Tenders', closed]] as const) {
        await page.goto(path);
        await expectWholePage(page, title);
        await expectNoScripts(page, scripts);
        const rows = page.locator('table.tender-table tbody tr');
        await expect(rows).toHaveCount(expected.length);
        listed[path] = (await rows.locator('td[data-label="Tender Details"] button').allInnerTexts()).map((t) => t.trim());
        expect([...listed[path]].sort()).toEqual(expected.map((t) => String(t.tender_title)).sort());
        await expect(rows.locator('td[data-label="S. No."]')).toHaveText(expected.map((_, i) => String(i + 1)));

        const tender = expected[0];
        const row = rows.filter({ hasText: String(tender.tender_title) });
        await expect(row.locator('td[data-label="Publish Date"]')).toHaveText(formatDayMonthYear(String(tender.publish_date)));
        await expect(row.locator('td[data-label="Last Date Of Submission"]')).toHaveText(
          formatClosing(String(tender.last_date_of_submission), String(tender.last_date_of_submission_time ?? '')),
        );
        await expect(row.getByRole('link', { name: /Documents and details/ })).toHaveAttribute('href', `/tender-details?id=${tender.id}`);

        const modal = page.locator(`#tender-${tender.id}`);
        await expect(modal).toBeHidden();
        await row.getByRole('button', { name: String(tender.tender_title) }).click();
        await expect(modal).toBeVisible();
        await expect(modal.locator('dd').nth(1)).toHaveText(String(tender.tender_no));
        await expect(modal).toContainText(String(tender.tender_discreption));
        await expectNoSeriousA11yViolations(page, `${path} with a tender open`);
        await modal.getByRole('button', { name: 'Close', exact: true }).click();
        await expect(modal).toBeHidden();
        await expectNoSeriousA11yViolations(page);
      }
      expect(listed['/currenttender'].filter((t) => listed['/pasttender'].includes(t))).toEqual([]);
    });

    test('/tender-details: headline, number, dates and PDF documents named after their titles', async ({ page, request }) => {
      const scripts = watchScripts(page);
      const tenders = await apiList(request, '/api/Public/tender?media=url');
      const slots = ['', '_2', '_3', '_4', '_5'];
      const filled = (t: Item) => slots.filter((s) => typeof t[`tender_document${s}`] === 'string');
      const tender = [...tenders].sort((a, b) => filled(b).length - filled(a).length)[0];
      expect(filled(tender).length).toBeGreaterThan(1);

      await page.goto(`/tender-details?id=${tender.id}`);
      await expectWholePage(page, String(tender.tender_title));
      await expectNoScripts(page, scripts);
      await expect(page.locator('main')).toContainText(String(tender.tender_no));
      await expect(page.locator('main')).toContainText(String(tender.tender_discreption));
      await expect(page.locator('main')).toContainText(formatClosing(String(tender.last_date_of_submission), String(tender.last_date_of_submission_time ?? '')));

      const links = page.locator('.tender-documents a');
      await expect(links).toHaveCount(filled(tender).length);
      for (const [index, suffix] of filled(tender).entries()) {
        const title = String(tender[`tender_title${suffix}`] || `Document ${slots.indexOf(suffix) + 1}`);
        const link = links.nth(index);
        // The file's address, asking for a download named after the document's title.
        await expect(link).toHaveAttribute('href', `${tender[`tender_document${suffix}`]}?name=${encodeURIComponent(fileNameFromTitle(title))}`);
        await expect(link).toHaveAttribute('download', fileNameFromTitle(title));
        await expect(link.locator('svg.pdf-icon')).toHaveCount(1);
        const file = await request.get(String(tender[`tender_document${suffix}`]));
        expect(file.headers()['content-type']).toBe('application/pdf');
        expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
      }
      const [download] = await Promise.all([page.waitForEvent('download'), links.last().click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);

      for (const missing of ['/tender-details?id=999999', '/tender-details?id=abc']) {
        const response = await page.goto(missing);
        expect(response?.status(), missing).toBe(404);
        await expectWholePage(page, 'Tender not found');
        await expect(page.getByRole('link', { name: 'Active Tenders', exact: true }).last()).toHaveAttribute('href', '/currenttender');
      }

      // Without an id the page offers the open tenders to choose from.
      const choose = await page.goto('/tender-details');
      expect(choose?.status()).toBe(200);
      await expectWholePage(page, 'Tender Details');
      const choice = page.locator('main ul a[href^="/tender-details?id="]').first();
      const chosenTitle = (await choice.textContent())!.trim();
      await choice.click();
      await expect(page.locator('h1')).toHaveText(chosenTitle);
    });

    for (const list of DOCUMENT_LISTS) {
      test(`${list.path}: the newest ${list.api} entries first, with their columns`, async ({ page, request }) => {
        const scripts = watchScripts(page);
        const items = await apiList(request, `/api/Public/${list.api}?media=url`);
        expect(items.length).toBeGreaterThan(0);
        await page.goto(list.path);
        await expectWholePage(page, list.title);
        await expectNoScripts(page, scripts);
        const headers = ['#', 'Title', 'Description', ...(list.department ? ['Department'] : []), ...(list.file ? ['Issue Date', 'File'] : [])];
        await expect(page.locator('table thead th')).toHaveText(headers);
        const rows = page.locator('table.document-table tbody tr');
        await expect(rows).toHaveCount(Math.min(items.length, 20));
        await expect(rows.locator('td[data-label="Title"]')).toHaveText(items.slice(0, 20).map((i) => String(i.title)));
        const first = items[0];
        const row = rows.first();
        await expect(row.locator('td[data-label="Description"]')).toHaveText(String(first.description));
        if (list.department) await expect(row.locator('td[data-label="Department"]')).toHaveText(String(first.department));
        if (list.file) {
          await expect(row.locator('td[data-label="Issue Date"]')).toHaveText(formatMedium(String(first.issueDate)));
          const link = row.getByRole('link', { name: /Download Document/ });
          await expect(link).toHaveAttribute('href', `${first.filePath}?name=${encodeURIComponent(fileNameFromTitle(String(first.title)))}`);
          await expect(link).toHaveAttribute('download', fileNameFromTitle(String(first.title)));
        }
      });
    }

    test('/photogallery: pictures grouped by title, each opening full size and closing on click or Escape', async ({ page, request }) => {
      const scripts = watchScripts(page);
      const photos = await apiList(request, '/api/Public/gallery?media=url');
      const titles = [...new Set(photos.map((p) => String(p.title)))];
      await page.goto('/photogallery');
      await expectWholePage(page, 'Photo Gallery');
      await expectNoScripts(page, scripts);
      await expect(page.locator('.gallery-group h2')).toHaveText(titles);
      for (const title of titles) {
        const group = page.locator('.gallery-group', { has: page.getByRole('heading', { name: title }) });
        await expect(group.locator('.zoom-trigger')).toHaveCount(photos.filter((p) => p.title === title).length);
      }
      const photo = photos[0];
      const overlay = page.locator(`#photo-${photo.id}`);
      await expect(overlay).toBeHidden();
      await page.locator(`[popovertarget="photo-${photo.id}"]`).first().click();
      await expect(overlay).toBeVisible();
      await expect(overlay.locator('img')).toHaveAttribute('alt', String(photo.description));
      await expectNoSeriousA11yViolations(page, '/photogallery with a picture open');
      await overlay.click();
      await expect(overlay).toBeHidden();
      await page.locator(`[popovertarget="photo-${photo.id}"]`).first().click();
      await expect(overlay).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(overlay).toBeHidden();
      // The pictures use the page's own scroll, with no box of their own hiding titles.
      expect(await page.locator('.gallery-groups').evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');
      await expectNoSeriousA11yViolations(page);
    });

    test('/pressrelease: cards of cuttings whose picture opens full size and closes on click', async ({ page, request }) => {
      const scripts = watchScripts(page);
      const releases = await apiList(request, '/api/Public/press-release?media=url');
      await page.goto('/pressrelease');
      await expectWholePage(page, 'Press Release');
      await expectNoScripts(page, scripts);
      const cards = page.locator('.press-card');
      await expect(cards.locator('h2')).toHaveText(releases.map((r) => String(r.title)));
      const release = releases[0];
      await expect(cards.first()).toContainText(String(release.releaseNewsPaperName));
      await expect(cards.first()).toContainText(formatMedium(String(release.releaseDate)));
      const overlay = page.locator(`#press-${release.id}`);
      await cards.first().locator('.zoom-trigger').click();
      await expect(overlay).toBeVisible();
      await overlay.click({ position: { x: 20, y: 200 } });
      await expect(overlay).toBeHidden();
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test.describe('home page islands', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  // The page's timers run on Playwright's clock, moved on by the test: a slideshow's seconds pass at once.
  test('the slider moves on Next, stops with Pause and plays again', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.clock.install();
    await page.goto('/');
    const slider = page.locator('.slider-carousel');
    await expect(slider.locator('.swiper-initialized')).toHaveCount(1);
    const active = () => slider.locator('.swiper-slide-active').getAttribute('aria-label');
    const pause = slider.getByRole('button', { name: 'Pause slideshow' });
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');

    const before = await active();
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(active).not.toBe(before);
    const after = await active();
    await page.clock.runFor(6500);
    expect(await active(), 'paused: no slide change').toBe(after);

    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await page.clock.runFor(6500);
    await expect.poll(active).not.toBe(after);
  });

  test('the slider does not play by itself for visitors who asked for reduced motion', async ({ page }) => {
    // Reduced motion is every test's setting (playwright.config.ts); said again, as it is what this test is about.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const slider = page.locator('.slider-carousel');
    await expect(slider.locator('.swiper-initialized')).toHaveCount(1);
    await expect(slider.getByRole('button', { name: 'Pause slideshow' })).toHaveAttribute('aria-pressed', 'true');
    const first = await slider.locator('.swiper-slide-active').getAttribute('aria-label');
    await page.clock.runFor(6500);
    expect(await slider.locator('.swiper-slide-active').getAttribute('aria-label')).toBe(first);
  });

  test("the complaint panel shows 'status: count' lines and draws the pie", async ({ page, request }) => {
    const complaints = await apiList(request, '/api/Public/complaint-count?statusFilter=All');
    const counts = new Map<string, number>();
    for (const c of complaints) if (c.status) counts.set(String(c.status), (counts.get(String(c.status)) ?? 0) + 1);
    const lines = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}: ${n}`);
    expect(lines.length).toBeGreaterThan(1);

    await page.goto('/');
    const panel = page.locator('.complaint-status');
    await expect(panel.getByRole('heading', { name: 'Complaint Status' })).toBeVisible();
    await expect(panel.locator('.status-lines li')).toHaveText(lines);
    await panel.scrollIntoViewIfNeeded();
    const pie = panel.locator('.status-pie svg');
    await expect(pie).toHaveCount(1);
    await expect(pie).toHaveAttribute('width', '200px');
    await expect(pie.locator('path.ct-slice-pie')).toHaveCount(lines.length);
    await expect(pie.locator('text.ct-label')).toHaveText(lines);
    await expect(panel.getByText('Loading...')).toHaveCount(0);
    // The palette is fixed: Resolved is always the same green.
    const resolved = lines.findIndex((l) => l.startsWith('Resolved'));
    await expect(pie.locator('path.ct-slice-pie').nth(resolved)).toHaveAttribute('style', /#15803d/);
  });
});

test.describe('paging of the notice list', () => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

  test('with more than 20 notices the list has a second page, reached by Next', async ({ page, request }) => {
    const login = await request.post('/api/Account/login', { data: { email: 'admin@nagarparishad.example', password: 'admin-demo-2026' } });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const existing = (await apiList(request, '/api/Public/notice')).length;
    const created: number[] = [];
    try {
      for (let i = 1; created.length + existing < 23; i++) {
        const res = await request.post('/api/Admin/notice', {
          headers,
          multipart: {
            'Notice.title': `Paging test notice ${i}`,
            'Notice.Description': 'Made by the paging test; removed when it ends.',
            'Notice.IssueDate': `2001-01-${String(i).padStart(2, '0')}`,
            DocumentFile: { name: 'notice.pdf', mimeType: 'application/pdf', buffer: pdf },
          },
        });
        expect(res.status()).toBe(201);
        created.push(Number((await res.json()).id));
      }
      await page.goto('/notice');
      await expect(page.locator('table.document-table tbody tr')).toHaveCount(20);
      const nav = page.getByRole('navigation', { name: /Pages of the notice list/ });
      await expect(nav).toContainText('Page 1 of 2');
      await expect(nav.locator('a[rel="prev"]')).toHaveCount(0);
      await nav.getByRole('link', { name: /Next/ }).click();
      await expect(page).toHaveURL(/\/notice\?page=2$/);
      const rows = page.locator('table.document-table tbody tr');
      await expect(rows).toHaveCount(3);
      await expect(rows.first().locator('td[data-label="#"]')).toHaveText('21');
      // The oldest test notice is the last row of all.
      await expect(rows.last().locator('td[data-label="Title"]')).toHaveText('Paging test notice 1');
      await expect(page.getByRole('navigation', { name: /Pages of the notice list/ })).toContainText('Page 2 of 2');
      await expect(page.locator('a[rel="prev"]')).toHaveAttribute('href', '/notice');

      const beyond = await page.goto('/notice?page=3');
      expect(beyond?.status()).toBe(404);
      await expect(page.locator('.empty-state')).toContainText('No notice entries found.');
    } finally {
      for (const id of created) await request.delete(`/api/Admin/notice/${id}`, { headers });
    }
    await page.goto('/notice');
    await expect(page.locator('table.document-table tbody tr')).toHaveCount(existing);
    await expect(page.getByRole('navigation', { name: /Pages of the notice list/ })).toHaveCount(0);
  });
});
