import { expect, test } from '@playwright/test';
import { messages } from '../../src/i18n/messages';
import { DEMO_ACCOUNTS } from '../../src/server/bootstrap';
import { TRADE_LICENCE } from '../../src/features/trade-licence/trade-licence.service';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { docsScreenshot } from '../support/docs-screenshot';
import { openSession } from './admin-support';
import { licenceApplication } from './licence-support';

/**
 * The verifier on a desktop works through an application's documents without the page reloading: accepts
 * one (the row says so, the live region says so, the focus goes on to the next document), refuses one without
 * a reason (the message at the field), accepts all the rest at once, and verifies. The case's Reject is a
 * destructive secondary action, the forward step the one primary button. Screenshots of the panel at 375 and
 * 1280 px go to docs/screenshots when asked for (UPDATE_SCREENSHOTS=1).
 */
const w = messages('en').tradeLicence.panel;
const desk = messages('en').caseDesk;
const VERIFIER = DEMO_ACCOUNTS.find((a) => a.role === 'verifier')!;

test('a verifier accepts, refuses and accepts the rest of the documents in place, then verifies', async ({ page, baseURL }) => {
  const { number } = await licenceApplication(baseURL!, 'Applied', `Verdict Stores ${String(Date.now()).slice(-6)}`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSession(page, VERIFIER);
  await page.goto(`/cases/${number}`);
  const address = page.url();
  // Gone if anything reloads the page or leaves it.
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }));

  // The forward step is the primary button; Reject is drawn as a destructive secondary action, still asking its reason.
  const verify = page.locator('[data-action="verify"]').getByRole('button', { name: TRADE_LICENCE.transitions.verify.label });
  const reject = page.locator('[data-action="reject"]').getByRole('button', { name: TRADE_LICENCE.transitions.reject.label });
  await expect(verify).toHaveClass(/\bbtn-primary\b/);
  await expect(reject).toHaveClass(/\bbtn-danger\b/);
  await expect(reject).not.toHaveClass(/\bbtn-primary\b/);
  await expect(page.locator('[data-action="reject"] textarea[name="note"]')).toHaveAttribute('required', '');
  await expect(page.locator('.case-detail .btn-primary')).toHaveCount(1);

  const panel = page.getByRole('region', { name: w.heading });
  const row = (code: string) => panel.locator(`[data-document="${code}"]`);
  const said = panel.locator('[data-verdict-said]');
  const nameOf = async (code: string) => (await row(code).locator('strong').innerText()).trim();

  // One accepted: the row says so and offers Undo, not Accept again; the focus goes on to the next document.
  await row('identity').getByRole('button', { name: w.accept, exact: true }).click();
  await expect(row('identity')).toHaveAttribute('data-verdict', 'accepted');
  await expect(row('identity').locator('[data-state-words]')).toHaveText(w.accepted);
  await expect(row('identity').getByRole('button', { name: w.accept, exact: true })).toBeHidden();
  await expect(row('identity').getByRole('button', { name: w.undo })).toBeVisible();
  await expect(said).toHaveText(w.saidAccepted(await nameOf('identity')));
  await expect(row('premises').getByRole('button', { name: w.accept, exact: true })).toBeFocused();

  // One refused without a reason: the message at the field, which has the focus; nothing recorded.
  await row('premises').getByRole('button', { name: w.refuse, exact: true }).click();
  const reason = row('premises').getByLabel(w.reason);
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription(w.verdictRefusals.reason);
  await expect(row('premises')).toHaveAttribute('data-verdict', 'pending');
  await expectNoSeriousA11yViolations(page, 'the case page with a refusal at its field');
  await docsScreenshot(page, 'docs/screenshots/trade-licence-verdicts-1280.png', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(375);
  await docsScreenshot(page, 'docs/screenshots/trade-licence-verdicts-375.png', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The rest at once: both documents still unchecked, the refused one's message gone with it.
  await panel.getByRole('button', { name: w.acceptRemaining }).click();
  for (const code of ['premises', 'photo']) await expect(row(code)).toHaveAttribute('data-verdict', 'accepted');
  await expect(said).toHaveText(w.saidAcceptedMany(2));
  await expect(panel.getByRole('button', { name: w.acceptRemaining })).toBeHidden();
  await expect(row('premises').locator('.field-error')).toBeHidden();

  // All of it on the page as it was loaded.
  expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  expect(page.url()).toBe(address);

  // The case moves on; its timeline holds an entry for each document accepted.
  await verify.click();
  await expect(page.getByRole('status')).toHaveText(desk.done(TRADE_LICENCE.transitions.verify.label));
  await expect(page.locator('.case-detail > p > .case-state')).toHaveText(TRADE_LICENCE.states.Inspection.en);
  const timeline = page.locator('[data-timeline]');
  for (const code of ['identity', 'premises', 'photo']) await expect(timeline).toContainText(w.timeline.accepted(await nameOf(code)));
  await expect(panel.getByRole('button', { name: w.undo })).toHaveCount(0);
});
