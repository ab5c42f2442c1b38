import { expect, test, type Browser, type Page } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import { rupees } from '../../src/features/payments/money';
import { docsScreenshot } from '../support/docs-screenshot';
import { wardChoice } from '../support/ward-choice';
import { jpegFile, pdfFile } from './admin-support';

/**
 * What a citizen on a phone in Hindi meets on the public forms and the home page: the licence form refused
 * with every mistake told at once and its documents kept for the corrected form, "Know the fee" answered where
 * the citizen is, ward pickers that name each ward's localities, and the home page's words for screen readers.
 * Screenshots go to docs/screenshots when asked for (UPDATE_SCREENSHOTS=1).
 */
const PHONE = { width: 375, height: 800 };
const SHOTS = 'docs/screenshots';
const hi = messages('hi');
const t = hi.tradeLicence;

async function phone(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled });
  return context.newPage();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(PHONE.width);
}

test('the licence form refused in Hindi at 375 px: every mistake at once, the documents kept for the corrected form', async ({ browser }) => {
  const stamp = String(Date.now());
  const page = await phone(browser, false);
  await page.goto('/hi/tradelicense?tradeType=grocery&structure=pucca&kind=new&area=250&employees=10');
  // No second "sub type", no cantonment, and the PAN may be left out.
  await expect(page.locator('#tradeSubType, #cantonment')).toHaveCount(0);
  await expect(page.locator('#owner1_pan')).not.toHaveAttribute('required', '');
  // One Hindi word for licence on the form.
  expect(await page.locator('main').innerText()).not.toContain('अनुज्ञप्ति');
  // The ward is chosen by its localities too.
  await expect(page.locator('#wardId option').nth(5)).toHaveText(wardChoice('hi', 5));

  // Sent with the trade's name and the pincode missing, and the owner's photograph not attached.
  await page.locator('#structureType').selectOption('immovable');
  await page.locator('#commencementDate').fill('2024-06-01');
  await page.locator('#tradeCategory').selectOption('Retail');
  await page.locator('#wardId').selectOption({ label: wardChoice('hi', 5) });
  await page.locator('#doorNo').fill('12');
  await page.locator('#road').fill('Station Road');
  await page.locator('#locality').fill('Gandhi Nagar');
  await page.locator('#correspondenceAddress').fill('12 Station Road, Gandhi Nagar');
  await page.locator('#owner1_name').fill('Ramesh Gupta');
  await page.locator('#owner1_guardianName').fill('Suresh Gupta');
  await page.locator('#owner1_relationship').selectOption('Father');
  await page.locator('#owner1_gender').selectOption('Male');
  await page.locator('#owner1_dateOfBirth').fill('1980-02-29');
  await page.locator('#owner1_mobile').fill(`9${stamp.slice(-9)}`);
  await page.locator('#doc_identity').setInputFiles(pdfFile(`identity-${stamp}`));
  await page.locator('#doc_premises').setInputFiles(pdfFile(`premises-${stamp}`));
  await page.getByRole('button', { name: t.apply }).click();

  // One round: the fields and the document together, each said for what it is.
  const summary = page.locator('#form-error');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(t.refusals['Enter the trade name.']);
  await expect(summary).toContainText(t.refusals['Enter the pincode.']);
  await expect(summary).toContainText(t.attachDocument('स्वामी का फ़ोटो'));
  await expect(summary).not.toContainText(t.fieldError(''));
  // The two documents sent are kept; the one never sent is asked for.
  for (const code of ['identity', 'premises']) await expect(page.locator(`[data-kept-files="doc_${code}"] input[type="checkbox"]`)).toBeChecked();
  await expect(page.locator('[data-kept-files="doc_photo"]')).toHaveCount(0);
  await noSidewaysScroll(page);
  await docsScreenshot(page, `${SHOTS}/trade-licence-refused-375-hi.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await docsScreenshot(page, `${SHOTS}/trade-licence-refused-1280-hi.png`);
  await page.setViewportSize(PHONE);

  // Corrected, with only the missing photograph chosen: it lodges with the kept documents.
  await page.locator('#tradeName').fill(`Gupta Kirana ${stamp.slice(-6)}`);
  await page.locator('#pincode').fill('845401');
  await page.locator('#doc_photo').setInputFiles(await jpegFile('#92400e', 'owner.jpg'));
  await page.getByRole('button', { name: t.apply }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.appliedHeading })).toBeVisible();
  await page.context().close();
});

test('"Know the fee" answers where the citizen is: in place with script, at its anchor without', async ({ browser }) => {
  for (const script of [true, false]) {
    const page = await phone(browser, script);
    await page.goto('/hi/tradelicense');
    await page.locator('#fee-tradeType').selectOption('grocery');
    await page.locator('#fee-area').fill('250');
    await page.locator('#fee-employees').fill('10');
    const button = page.getByRole('button', { name: t.feeButton });
    await button.scrollIntoViewIfNeeded();
    if (script) await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await button.click();
    const fee = page.locator('[data-fee-paise]');
    await expect(fee).toContainText(t.feeIs(rupees(125_000)));
    await expect(fee).toBeInViewport();
    if (script) {
      // The same page: nothing reloaded, and the application carries the fee and the answers given.
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await expect(page.locator('form.trade-form input[name="feePaise"]')).toHaveValue('125000');
      await expect(page.locator('#areaSqft')).toHaveValue('250');
    } else {
      await expect(page).toHaveURL(/#fee$/);
    }
    await noSidewaysScroll(page);
    await page.context().close();
  }
});

test('ward pickers name each ward with its localities, in both languages', async ({ browser }) => {
  const page = await phone(browser, false);
  for (const [address, lang] of [['/hi/postgrievance', 'hi'], ['/postgrievance', 'en'], ['/hi/ward-alerts', 'hi'], ['/tradelicense/register', 'en']] as const) {
    await page.goto(address);
    const picker = page.locator('select#ward, select#register-ward');
    await expect(picker.locator('option', { hasText: wardChoice(lang, 5) }), address).toHaveCount(1);
  }
  await page.goto('/hi/postgrievance');
  await expect(page.locator('#ward-hint')).toHaveText(hi.wards.pickerHint);
  await page.locator('#ward').selectOption({ label: wardChoice('hi', 5) });
  await docsScreenshot(page, `${SHOTS}/ward-picker-375-hi.png`);
  await page.goto('/postgrievance');
  await page.locator('#ward').selectOption({ label: wardChoice('en', 5) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await docsScreenshot(page, `${SHOTS}/ward-picker-1280-en.png`);
  await page.context().close();
});

test('the Hindi home page speaks Hindi to screen readers, marks each link once and describes its citizens', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto('/hi');
  // The slideshow's own words once its script has taken over (swiper names its bullets then).
  const slider = page.locator('.slider-carousel');
  await expect(slider.locator('.carousel-bullets button').first()).toHaveAttribute('aria-label', 'स्लाइड 1 पर जाएँ');
  const buttons = slider.locator('.carousel-controls > button.carousel-button');
  await expect(buttons.nth(1)).toHaveAttribute('aria-label', hi.home.previousSlide);
  await expect(buttons.nth(2)).toHaveAttribute('aria-label', hi.home.nextSlide);
  expect(await slider.locator('.swiper-slide').first().getAttribute('aria-label')).toMatch(/^\d+ में से स्लाइड 1$/);
  // Each important link carries one external-link mark.
  const links = page.locator('.important-links a');
  expect(await links.count()).toBeGreaterThan(0);
  for (const marks of await links.evaluateAll((all) => all.map((a) => a.querySelectorAll('svg').length))) expect(marks).toBe(1);
  // "Our Citizens": a list whose every drawing has words.
  const citizens = page.getByRole('region', { name: hi.home.citizens }).getByRole('listitem');
  await expect(citizens).toHaveCount(8);
  for (const caption of await citizens.locator('figcaption').allInnerTexts()) expect(caption.trim().length).toBeGreaterThan(10);
  await expect(citizens.first().getByRole('link')).toHaveAttribute('href', '/hi/tradelicense');
  await noSidewaysScroll(page);
  await page.getByRole('region', { name: hi.home.citizens }).scrollIntoViewIfNeeded();
  await docsScreenshot(page, `${SHOTS}/home-citizens-375-hi.png`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('region', { name: hi.home.citizens }).scrollIntoViewIfNeeded();
  await docsScreenshot(page, `${SHOTS}/home-citizens-1280-hi.png`);
  await page.goto('/');
  await page.getByRole('region', { name: messages('en').home.citizens }).scrollIntoViewIfNeeded();
  await docsScreenshot(page, `${SHOTS}/home-citizens-1280-en.png`);
  await page.context().close();
});

test('a grievance without a landmark shows no dangling separator, and its tracking page opens with its heading', async ({ browser }) => {
  const page = await phone(browser, false);
  const mobile = `8${String(Date.now()).slice(-9)}`;
  await page.goto('/hi/postgrievance');
  await page.locator('#category').selectOption({ index: 1 });
  await page.locator('#ward').selectOption({ index: 5 });
  await page.locator('#address').fill('Lane behind the middle school');
  await page.locator('#description').fill('The street light has been off for a week.');
  await page.locator('#name').fill('Sita Kumari');
  await page.locator('#mobile').fill(mobile);
  await page.getByRole('button', { name: hi.grievance.lodge }).click();
  // Other tests' grievances in the same ward may be offered first: this one is lodged all the same.
  if ((await page.locator('[data-similar-found]').count()) > 0) {
    await page.locator('input[name="lodge_anyway"]').check();
    await page.getByRole('button', { name: hi.grievance.lodge }).click();
  }
  const number = (await page.locator('[data-complaint-number]').innerText()).trim();

  await page.goto(`/hi/trackgrievance?number=${encodeURIComponent(number)}`);
  const meta = page.locator('[data-public-grievance] .similar-meta').first();
  await expect(meta).toHaveText(hi.grievance.ward(5));
  await page.locator('#mobile').fill(mobile);
  await page.getByRole('button', { name: hi.grievance.showMine }).click();
  // The count of "me too" is a fact of the grievance, under its heading, not above it.
  const order = await page.evaluate(() => {
    const heading = document.querySelector('#facts-heading');
    const count = document.querySelector('[data-metoo-count]');
    return heading && count ? heading.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
  });
  expect(order).toBeGreaterThan(0);
  await page.context().close();
});
