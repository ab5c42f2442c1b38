import { expect, test } from '@playwright/test';

/** What GIGW asks of every page and form, used as a visitor would: without script, on a phone. */

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('A+, A-, A and the contrast switch work, and the choice follows the visitor to other pages', async ({ page }) => {
    await page.goto('/notice');
    const html = page.locator('html');
    const controls = page.getByRole('form', { name: 'Text size and contrast' });
    const baseSize = await html.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

    await controls.getByRole('button', { name: 'Larger text' }).click();
    await expect(page).toHaveURL(/\/notice$/);
    await expect(html).toHaveClass('text-larger');
    expect(await html.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThan(baseSize);
    await expect(controls.getByRole('button', { name: 'Larger text' })).toHaveAttribute('aria-pressed', 'true');

    await controls.getByRole('button', { name: 'High contrast' }).click();
    await expect(html).toHaveClass('text-larger high-contrast');
    expect(await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');

    await page.goto('/circulars');
    await expect(html).toHaveClass('text-larger high-contrast');
    await controls.getByRole('button', { name: 'Smaller text' }).click();
    await expect(html).toHaveClass('text-smaller high-contrast');
    await controls.getByRole('button', { name: 'High contrast' }).click();
    await controls.getByRole('button', { name: 'Normal text size' }).click();
    await expect(html).not.toHaveAttribute('class');
  });

  test('a visitor sends feedback on a phone, is told what to fix first, and keeps what they typed', async ({ page }) => {
    await page.goto('/feedback');
    await page.getByLabel('Your name').fill('Ravi Kumar');
    await page.getByLabel('Your feedback').fill('The holiday list for next year is missing.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please say what your feedback is about.');
    await expect(page.getByLabel('Your feedback')).toHaveValue('The holiday list for next year is missing.');
    await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Subject').fill('Holiday list');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('status')).toContainText('Your feedback has been received');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a visitor sends feedback in Hindi and every answer stays on the Hindi page, in Hindi', async ({ page }) => {
    await page.goto('/hi/feedback');
    await page.getByLabel('आपका नाम').fill('रवि कुमार');
    await page.getByLabel('आपकी प्रतिक्रिया').fill('अगले वर्ष की अवकाश सूची उपलब्ध नहीं है।');
    await page.getByRole('button', { name: 'प्रतिक्रिया भेजें' }).click();
    await expect(page).toHaveURL(/\/hi\/feedback$/);
    await expect(page.getByRole('alert')).toHaveText('कृपया बताएँ कि आपकी प्रतिक्रिया किस विषय में है।');
    await expect(page.getByLabel('आपकी प्रतिक्रिया')).toHaveValue('अगले वर्ष की अवकाश सूची उपलब्ध नहीं है।');
    await expect(page.getByLabel('विषय')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('विषय').fill('अवकाश सूची');
    await page.getByRole('button', { name: 'प्रतिक्रिया भेजें' }).click();
    await expect(page.getByRole('status')).toContainText('धन्यवाद। आपकी प्रतिक्रिया प्राप्त हो गई है');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.getByRole('link', { name: 'मुखपृष्ठ पर वापस जाएँ' }).click();
    await expect(page).toHaveURL(/\/hi$/);
  });
});

test('a Hindi page\'s footer is in Hindi, leads to Hindi pages and says when the page was last updated', async ({ page }) => {
  await page.goto('/hi/notice');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('नगर परिषद कमलपुर के स्वामित्व में है');
  await expect(footer.locator('.last-updated')).toHaveText(/^अंतिम अद्यतन: \d{1,2} \S+ \d{4}$/);
  for (const [name, href] of [['वेबसाइट नीतियाँ', '/hi/website-policies'], ['सहायता', '/hi/help'], ['प्रतिक्रिया', '/hi/feedback'], ['साइटमैप', '/hi/sitemap'], ['सुगम्यता विवरण', '/hi/accessibility-statement'], ['स्क्रीन रीडर एक्सेस', '/hi/screen-reader-access']]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await footer.getByRole('link', { name: 'वेबसाइट नीतियाँ' }).click();
  await page.getByRole('link', { name: 'हाइपरलिंकिंग नीति' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('हाइपरलिंकिंग नीति');
  await expect(page.locator('.last-updated time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  // The feed of a Hindi list is the Hindi feed, in its head and in its visible link.
  await page.goto('/hi/notice');
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/hi/feeds/notice.xml');
  await expect(page.getByRole('link', { name: 'RSS फ़ीड: सूचनाएँ' })).toHaveAttribute('href', '/hi/feeds/notice.xml');
});

test('every page\'s footer names the owner and links the policies, help, feedback and the sitemap', async ({ page }) => {
  for (const path of ['/', '/notice', '/sitemap']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('owned and managed by Nagar Parishad Kamalpur');
    for (const [name, href] of [['Website Policies', '/website-policies'], ['Help', '/help'], ['Feedback', '/feedback'], ['Sitemap', '/sitemap'], ['Accessibility Statement', '/accessibility-statement'], ['Screen Reader Access', '/screen-reader-access']]) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Website Policies' }).click();
  await page.getByRole('link', { name: 'Hyperlinking Policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hyperlinking Policy');
});

test('Hindi text is drawn with the site\'s own Devanagari font where the device has none', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.family.includes('Noto Sans Devanagari') && f.status === 'loaded').length);
  expect(loaded).toBeGreaterThan(0);
  // Drawn with it, not merely loaded: the council's Hindi name is as wide as the same text set in that font
  // alone. Empty boxes from a system font that claims the letters measure differently.
  const widths = await page.locator('.brand-hindi').evaluate((name: HTMLElement) => {
    const copy = name.cloneNode(true) as HTMLElement;
    copy.style.fontFamily = "'Noto Sans Devanagari'";
    name.after(copy);
    const result = { page: name.getBoundingClientRect().width, font: copy.getBoundingClientRect().width };
    copy.remove();
    return result;
  });
  expect(widths.page).toBeCloseTo(widths.font, 0);
});
