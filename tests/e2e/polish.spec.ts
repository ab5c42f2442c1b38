import { expect, test, type Page } from '@playwright/test';
import { openSession } from './admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';

/**
 * The rough edges a newcomer hit (issue 25's polish): a refused form names every error with a link to its
 * field, in the page's language; file fields say their limit before an upload; Contact Us sends a message;
 * card tables at 375 px hold their labels; links to other sites say so in both languages.
 */

/** Cells of the phone's card tables whose content (their label included) runs out of them. */
async function spilledCells(page: Page): Promise<string[]> {
  return page.locator('.data-table').evaluateAll((tables) =>
    tables.flatMap((table) =>
      [...table.querySelectorAll<HTMLElement>('td[data-label], tbody th[data-label]')]
        .filter((cell) => cell.offsetParent !== null && (cell.scrollHeight > cell.clientHeight + 1 || cell.scrollWidth > cell.clientWidth + 1))
        .map((cell) => `${cell.dataset.label}: ${cell.scrollWidth}x${cell.scrollHeight} > ${cell.clientWidth}x${cell.clientHeight}`),
    ),
  );
}

/** Words in Latin letters on a Hindi page's main part that no element marks as English. */
async function unmarkedEnglish(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, [lang="en"], .visually-hidden, [hidden]')) continue;
      found.push(...(node.textContent!.match(/\b[A-Za-z][a-z]{3,}\b/g) ?? []));
    }
    return found;
  });
}

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a Hindi grievance form refused names every error as a link to its field, and a photo over the limit it states is refused in Hindi', async ({ page }) => {
    await page.goto('/hi/postgrievance');
    const hint = await page.locator('#photos-hint').innerText();
    const limit = /अधिकतम (\d+(?:\.\d+)?) एमबी/.exec(hint)?.[1];
    expect(limit, hint).toBeTruthy();

    // The usual categories are named in Hindi; one staff added without a Hindi name is marked as English.
    const options = await page.locator('#category option:not([value=""])').evaluateAll((all) => all.map((o) => ({ text: o.textContent!, lang: o.getAttribute('lang') })));
    expect(options.map((o) => o.text)).toContain('जल आपूर्ति');
    for (const option of options) if (/[A-Za-z]/.test(option.text)) expect(option.lang, option.text).toBe('en');

    await page.getByRole('button', { name: 'शिकायत दर्ज करें' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('फ़ॉर्म में 6 बातें ठीक करनी हैं');
    const links = summary.getByRole('link');
    await expect(links).toHaveText(['श्रेणी चुनें।', 'अपना वार्ड चुनें।', 'बताएँ कि समस्या कहाँ है।', 'समस्या का विवरण दें।', 'अपना नाम लिखें।', 'अपना मोबाइल नंबर लिखें।']);
    for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!))) {
      await expect(page.locator(href), href).toHaveAttribute('aria-invalid', 'true');
    }
    await links.nth(4).click();
    await expect(page).toHaveURL(/#name$/);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // Everything else right, one photo a byte over the stated limit: refused before anything is lodged, by the
    // browser before it is sent (with script), and by the server in Hindi (without).
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = Buffer.concat([jpegStart, Buffer.alloc(Number(limit) * 1024 * 1024 + 1 - jpegStart.length)]);
    const fillRightly = async (on: typeof page) => {
      await on.getByLabel('श्रेणी').selectOption({ index: 1 });
      await on.getByLabel('वार्ड').selectOption({ index: 1 });
      await on.getByLabel('समस्या कहाँ है (पता)?').fill('स्टेशन रोड, सीमा की जाँच');
      await on.getByLabel('समस्या का विवरण दें').fill('नाली कई दिनों से जाम है और पानी सड़क पर बह रहा है।');
      await on.getByLabel('आपका नाम').fill('सीमा जाँच');
      await on.getByLabel('मोबाइल नंबर').fill('9123400725');
      await on.locator('#photos').setInputFiles({ name: 'big.jpg', mimeType: 'image/jpeg', buffer: tooLarge });
      await on.getByRole('button', { name: 'शिकायत दर्ज करें' }).click();
    };
    await fillRightly(page);
    await expect(page.locator('#photos-too-large')).toContainText(`अधिकतम ${limit} एमबी`);
    await expect(page.locator('#photos-too-large')).toContainText('अभी कुछ भी नहीं भेजा गया है');
    await expect(page.locator('#photos')).toBeFocused();
    await expect(page.locator('[data-complaint-number]')).toHaveCount(0);

    const withoutScript = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 }, baseURL: test.info().project.use.baseURL });
    const plain = await withoutScript.newPage();
    await plain.goto('/hi/postgrievance');
    await fillRightly(plain);
    await expect(plain.getByRole('alert')).toHaveText(`फ़ोटो 1 का आकार ${limit} एमबी से अधिक है।`);
    await expect(plain.locator('#photos-error')).toHaveText(`फ़ोटो 1 का आकार ${limit} एमबी से अधिक है।`);
    await expect(plain.locator('[data-complaint-number]')).toHaveCount(0);
    await withoutScript.close();
  });

  test('card tables hold every label, however many lines it takes, and no page scrolls sideways', async ({ page }) => {
    for (const path of ['/currenttender', '/hi/currenttender', '/grievance-performance', '/hi/grievance-performance', '/notifications', '/hi/notifications']) {
      await page.goto(path);
      expect(await spilledCells(page), path).toEqual([]);
      expect(await sidewaysScroll(page), path).toBeLessThanOrEqual(0);
    }
    // The tender cards' longest label does take more than one line here: the check above is not idle.
    await page.goto('/currenttender');
    const lastDate = page.locator('td[data-label="Last Date Of Submission"]').first();
    expect(await lastDate.evaluate((cell) => cell.clientHeight)).toBeGreaterThan(60);
    // One date style per language: '5 Dec 2026, 4:00 PM' here, '14 नवंबर 2026' on the Hindi page.
    await expect(lastDate).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M$/);
    await expect(page.locator('td[data-label="Publish Date"]').first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await page.goto('/hi/viewgrievance');
    await expect(page.locator('td.date-cell').first()).toHaveText(/^\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्टूबर|नवंबर|दिसंबर) \d{4}$/);
  });

  test('a trade licence document says its size limit before it is chosen, in both languages', async ({ page }) => {
    await page.goto('/tradelicense');
    const documents = page.locator('input[type=file][id^="doc_"]');
    expect(await documents.count()).toBeGreaterThan(0);
    await expect(page.locator(`#${await documents.first().getAttribute('id')}-hint`)).toHaveText(/^PDF or picture \(JPEG, PNG\), up to \d+ MB\.$/);
    await expect(documents.first()).toHaveAttribute('aria-describedby', /-hint/);
    await page.goto('/hi/tradelicense');
    await expect(page.locator('[id^="doc_"][id$="-hint"]').first()).toHaveText(/^पीडीएफ़ या चित्र \(जेपीजी, पीएनजी\), अधिकतम \d+ एमबी।$/);
  });
});

test.describe('the back office at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the employee screen shows 20 at a time with a search box that finds by name or designation', async ({ page }) => {
    await openSession(page);
    await page.goto('/editministerofficeremp');
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    const rows = page.locator('.crud-table tbody tr');
    const count = page.locator('.find-count');
    await expect(count).toHaveText(/^Showing 1–\d+ of \d+\.$/);
    const total = Number(/of (\d+)/.exec(await count.innerText())![1]);
    expect(total, 'the demo has more employees than one page holds').toBeGreaterThan(20);
    await expect(rows).toHaveCount(20);
    const pages = page.getByRole('navigation', { name: 'Pages of employees' });
    await expect(pages).toContainText(`Page 1 of ${Math.ceil(total / 20)}`);
    const firstOnPageOne = await rows.first().locator('td').first().innerText();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(count).toHaveText(`Showing 21–${Math.min(40, total)} of ${total}.`);
    await expect(rows.first().locator('td').first()).not.toHaveText(firstOnPageOne);
    // A page of cards is a page, not sixteen thousand pixels.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(16_669 / 2);

    const search = page.getByRole('searchbox', { name: 'Search employees' });
    const designation = (await rows.first().locator('td').nth(1).innerText()).trim();
    await search.fill(designation.toLowerCase());
    await expect(count).toHaveText(/^Showing 1–\d+ of \d+ found \(\d+ in all\)\.$/);
    // Found by any of its words (a post's remarks may name the designation too), never all of them.
    const found = Number(/of (\d+) found/.exec(await count.innerText())![1]);
    expect(found).toBeLessThan(total);
    await expect(rows.locator('td:nth-child(2)', { hasText: designation }).first()).toBeVisible();
    const name = (await rows.first().locator('td').first().innerText()).trim();
    await search.fill(name);
    await expect(rows.locator('td:first-child', { hasText: name }).first()).toBeVisible();
    expect(await rows.count()).toBeLessThan(found);
    await search.fill('no such employee zzq');
    await expect(count).toHaveText('Nothing matches “no such employee zzq”.');
    await expect(rows).toHaveCount(0);
  });
  test('an admin gives a ward a Hindi name on a phone, and the Hindi grievance form lists it', async ({ page }) => {
    await openSession(page);
    await page.goto('/hindi-names');
    const field = page.getByLabel('Name in Hindi for ward number 1', { exact: true });
    await field.fill('वार्ड 1 (पुराना बाज़ार)');
    await page.getByRole('button', { name: 'Save name in Hindi for 1', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('Saved.');
    await expect(field).toHaveValue('वार्ड 1 (पुराना बाज़ार)');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, '/hindi-names');
    // The Hindi name stands for the number; the ward's localities follow it.
    expect(await (await page.request.get('/hi/postgrievance')).text()).toMatch(/>वार्ड 1 \(पुराना बाज़ार\)(?: — [^<]*)?<\/option>/);
    await field.fill('');
    await page.getByRole('button', { name: 'Save name in Hindi for 1', exact: true }).click();
    await expect(field).toHaveValue('');
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the tender form keeps each extra document beside its title and offers the statuses the public pages name', async ({ page }) => {
    await openSession(page);
    await page.goto('/edittender');
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    await page.getByRole('button', { name: 'Create New Tender' }).click();
    const form = page.locator('form.crud-form');
    for (const slot of [2, 3, 4, 5]) {
      const group = form.getByRole('group', { name: `Document ${slot} and its title` });
      await expect(group.getByLabel(`Tender Title ${slot}`, { exact: true })).toBeVisible();
      await expect(group.getByLabel(`Document ${slot}`, { exact: true })).toBeVisible();
      const [title, file] = await Promise.all([group.getByLabel(`Tender Title ${slot}`, { exact: true }).boundingBox(), group.getByLabel(`Document ${slot}`, { exact: true }).boundingBox()]);
      expect(Math.abs(title!.y - file!.y), `slot ${slot}`).toBeLessThan(120);
    }
    const status = form.getByLabel('Status', { exact: true });
    expect(await status.evaluate((el) => el.tagName)).toBe('SELECT');
    await expect(status.locator('option')).toHaveText(['Select…', 'Active', 'Open', 'Extended', 'Closed', 'Cancelled', 'Awarded']);
    await expect(status).toHaveAccessibleDescription(/last date and time of submission/);

    // Dates are typed day first whatever the browser's locale, and an impossible one is named as such.
    const publish = form.getByLabel('Publish Date', { exact: true });
    await expect(publish).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await publish.fill('31/02/2027');
    await publish.blur();
    await expect(form.getByText('Enter a real date as dd/mm/yyyy, for example 31/01/2027.')).toBeVisible();
    await publish.fill('28/2/2027');
    await publish.blur();
    await expect(publish).toHaveValue('28/02/2027');
    await expect(form.getByText('Enter a real date as dd/mm/yyyy, for example 31/01/2027.')).toHaveCount(0);

    // Every file field says its kind and the server's limit, the one the public forms state too.
    const publicForm = await (await page.request.get('/tradelicense')).text();
    const publicLimit = /PDF or picture \(JPEG, PNG\), up to (\d+(?:\.\d+)?) MB\./.exec(publicForm)?.[1];
    expect(publicLimit).toBeTruthy();
    for (const slot of [1, 2, 5]) await expect(form.getByLabel(`Document ${slot}`, { exact: true })).toHaveAccessibleDescription(`PDF document, up to ${publicLimit} MB.`);
  });

  test('Hindi pages name stored words in Hindi (departments, categories, tender documents) or mark them as English (captions, newspapers)', async ({ page }) => {
    await page.goto('/hi/circulars');
    await expect(page.locator('td[data-label="विभाग"]').first()).not.toHaveText(/[A-Za-z]/);
    await page.goto('/hi/currenttender');
    await page.locator('main table a[href*="tender-details"]').first().click();
    await expect(page.locator('.tender-documents a').first()).toBeVisible();
    for (const path of ['', '/hi/grievance-performance', '/hi/photogallery', '/hi/pressrelease', '/hi/circulars']) {
      if (path) await page.goto(path);
      expect(await unmarkedEnglish(page), path || page.url()).toEqual([]);
    }
  });

  test('Contact Us sends a message through the feedback form: refused, it is told on /feedback with every error and what was typed; sent, it is thanked', async ({ page }) => {
    await page.goto('/contactus');
    const form = page.getByRole('region', { name: 'Send us a message' });
    await expect(form.locator('[disabled]')).toHaveCount(0);
    await form.getByLabel('Your feedback').fill('The office map does not show the new entrance.');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link')).toHaveText(['Please enter your name.', 'Please say what your feedback is about.']);
    await expect(summary.getByRole('link').first()).toHaveAttribute('href', '#name');
    await expect(page.getByLabel('Your feedback')).toHaveValue('The office map does not show the new entrance.');
    await page.getByLabel('Your name').fill('Meera Contact');
    await page.getByLabel('Subject').fill('Map');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('status')).toContainText('Your feedback has been received');

    await page.goto('/hi/contactus');
    const hindiForm = page.getByRole('region', { name: 'हमें संदेश भेजें' });
    await expect(hindiForm.locator('form')).toHaveAttribute('action', '/hi/feedback');
    await hindiForm.getByLabel('आपका नाम').fill('मीरा');
    await hindiForm.getByLabel('विषय').fill('नक्शा');
    await hindiForm.getByLabel('आपकी प्रतिक्रिया').fill('कार्यालय का नया प्रवेश द्वार नक्शे में नहीं है।');
    await hindiForm.getByRole('button', { name: 'प्रतिक्रिया भेजें' }).click();
    await expect(page).toHaveURL(/\/hi\/feedback\?sent=\d+$/);
    await expect(page.getByRole('status')).toContainText('धन्यवाद');

    // The page comes from the page cache, its form's token shared by its visitors; what each sends is claimed
    // with its own words, so both messages above were stored (src/server/form-submission.ts).
    const tokens: (string | undefined)[] = [];
    for (const _ of [0, 1]) tokens.push(/name="form_token" value="([^"]+)"/.exec(await (await page.request.get('/contactus')).text())?.[1]);
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).toBe(tokens[0]);
  });

  test('every link to another site carries one mark and says it opens another site, in both languages', async ({ page }) => {
    for (const [path, words] of [['/contactus', 'external website'], ['/hi/contactus', 'बाहरी वेबसाइट']] as const) {
      await page.goto(path);
      const links = await page.locator('a[href^="http"]').evaluateAll((all) =>
        all.filter((a) => new URL((a as HTMLAnchorElement).href).host !== location.host).map((a) => ({
          href: a.getAttribute('href'),
          marked: a.hasAttribute('data-external'),
          marks: a.querySelectorAll('svg.external-mark').length,
          hidden: a.querySelector('.visually-hidden')?.textContent ?? '',
        })),
      );
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) {
        expect(link, path).toMatchObject({ marked: true, marks: 1 });
        expect(link.hidden, `${path} ${link.href}`).toContain(words);
      }
    }
  });
});
