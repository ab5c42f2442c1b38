import { expect, test } from '@playwright/test';
import { docsScreenshot } from '../support/docs-screenshot';

/**
 * The home page opens with what people come for: report a problem, track it, pay property tax, apply for a
 * trade licence, find a notice or tender. On a phone each is one tap from the top: on the first screen,
 * before the slider, without scrolling. Screenshots of the first screen go to docs/screens when asked for (tests/support/docs-screenshot.ts).
 */

const TASKS = {
  en: [['Report a problem', '/postgrievance'], ['Track your complaint', '/trackgrievance'], ['Pay property tax', '/paypropertytax'], ['Apply for a trade licence', '/tradelicense'], ['Find a notice or tender', '/search']],
  hi: [['समस्या दर्ज करें', '/hi/postgrievance'], ['अपनी शिकायत देखें', '/hi/trackgrievance'], ['संपत्ति कर भरें', '/hi/paypropertytax'], ['व्यापार लाइसेंस के लिए आवेदन', '/hi/tradelicense'], ['सूचना या निविदा खोजें', '/hi/search']],
} as const;

for (const lang of ['en', 'hi'] as const) {
  test(`the home page in ${lang} puts the five tasks on a phone's first screen, before the slider`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(lang === 'en' ? '/' : '/hi');
    const tasks = page.getByRole('region', { name: lang === 'en' ? 'What would you like to do?' : 'आप क्या करना चाहते हैं?' });
    for (const [name, href] of TASKS[lang]) {
      const link = tasks.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', href);
      const box = (await link.boundingBox())!;
      expect(box.y + box.height, `${name} is on the first screen`).toBeLessThanOrEqual(667);
      expect(box.height, `${name} is big enough to tap`).toBeGreaterThanOrEqual(44);
    }
    // Before the slider in reading order, and nothing scrolls sideways.
    const order = await page.evaluate(() => {
      const tasksAt = document.querySelector('.top-tasks')!;
      const slider = document.querySelector('main [aria-roledescription="carousel"], main .slider, main section:not(.top-tasks)')!;
      return tasksAt.compareDocumentPosition(slider) & Node.DOCUMENT_POSITION_FOLLOWING;
    });
    expect(order).toBeTruthy();
    // Also for a visitor who asked for reduced motion: the news strip then stands still, and stays one line.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const last = tasks.getByRole('link', { name: new RegExp(`^${TASKS[lang][4][0]}`) });
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height, 'the last task is on the first screen under reduced motion').toBeLessThanOrEqual(667);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Headings read as written, not shouted in capitals ('IMPORTANT LINKS' was drawn by text-transform).
    if (lang === 'en') expect(await page.locator('#important-links-heading').innerText()).toBe('Important Links');
    await docsScreenshot(page, `docs/screens/home-tasks-375-${lang}.png`);

    await tasks.getByRole('link', { name: new RegExp(`^${TASKS[lang][0][0]}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${TASKS[lang][0][1]}$`));
  });
}
