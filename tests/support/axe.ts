import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Accessibility check for Playwright tests: injects axe-core into the open page, runs the WCAG 2 A and AA
 * rules and fails on every 'serious' or 'critical' violation, listing each rule and the elements it hit.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeNode { target: unknown[]; failureSummary?: string }
interface AxeViolation { id: string; impact: string | null; help: string; helpUrl: string; nodes: AxeNode[] }

function describe(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n\n');
}

/**
 * Loads axe into every page the context opens, before the page's own scripts, so a test that checks many
 * pages does not evaluate the library again on each (as with the check below, the page's Content-Security-Policy
 * does not apply to what the browser's debugging protocol adds).
 */
export async function preloadAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

/**
 * `without`: rules left out of this run, for a page whose other run checks them already (the same page in its
 * other language has the same colours, so both-languages.spec.ts measures colour contrast in one of them).
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url(), without: readonly string[] = []): Promise<void> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the browser's debugging protocol: the pages' Content-Security-Policy rightly refuses
  // an injected <script> tag, and the check must see the page exactly as it is served.
  if (!loaded) await page.evaluate(axeSource);
  const run = (selectors: boolean) => page.evaluate(async ({ tags, selectors, without }) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const rules = Object.fromEntries(without.map((id) => [id, { enabled: false }]));
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'], selectors });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, { tags: WCAG_TAGS, selectors, without });
  const isSerious = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';
  // Naming every element it checks by a CSS selector is a third of axe's time, and only a failure's message
  // needs the names: a page with a fault is checked again with them.
  if (!(await run(false)).some(isSerious)) return;
  const serious = (await run(true)).filter(isSerious);
  expect(serious, `Accessibility violations on ${label}:\n${describe(serious)}`).toEqual([]);
}
