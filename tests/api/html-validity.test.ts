import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/api';
import { nuErrors } from '../support/nu-checker';
import { samplePdf } from '../support/content-samples';

/**
 * Every page of the sitemap, in both languages, and every public form as it comes back after a refused
 * submission, is valid HTML by the W3C Nu checker: no errors at all.
 */

const url = (p: string) => `${baseUrl()}${p}`;

/** The local paths /sitemap.xml names (its addresses are the site's public ones). */
async function sitemapPages(): Promise<string[]> {
  const xml = await (await fetch(url('/sitemap.xml'))).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const address = new URL(m[1].replace(/&amp;/g, '&'));
    return address.pathname + address.search;
  });
}

async function formTokenOf(path: string): Promise<string> {
  const html = await (await fetch(url(path))).text();
  return /name="form_token" value="([\w-]+)"/.exec(html)?.[1] ?? '';
}

/** A form sent with every field empty (and the one-time token it carries): the page that says what is wrong. */
async function refusedForm(path: string): Promise<string> {
  const form = new URLSearchParams({ form_token: await formTokenOf(path) });
  const res = await fetch(url(path), { method: 'POST', body: form, redirect: 'manual', headers: { origin: baseUrl() } });
  expect(res.status, `${path} refuses an empty form`).toBe(400);
  return res.text();
}

/** The licence form refused with a document sent: the page lists the file kept for the form sent again. */
async function refusedWithKeptFile(path: string): Promise<string> {
  const form = new FormData();
  form.append('tradeName', '');
  form.append('doc_identity', new File([samplePdf('identity kept')], 'identity.pdf', { type: 'application/pdf' }));
  const res = await fetch(url(path), { method: 'POST', body: form, redirect: 'manual', headers: { origin: baseUrl() } });
  expect(res.status, `${path} refuses the form`).toBe(400);
  const html = await res.text();
  expect(html, `${path} keeps the document sent`).toContain('data-kept-files="doc_identity"');
  return html;
}

/**
 * CSS the checker's own CSS validator does not know yet, though every browser the site supports does: container
 * queries (in all engines since 2023), which let a phone's card table size its label column by the row.
 */
const CHECKER_LAGS_BEHIND = [/“container-type”: Property “container-type” doesn't exist/, /\d+(\.\d+)?cq[whib]\b/];

const FORMS = ['/postgrievance', '/hi/postgrievance', '/feedback', '/hi/feedback', '/trackgrievance', '/hi/trackgrievance', '/my/signin', '/hi/my/signin'];

describe('valid HTML (W3C Nu checker)', () => {
  it('finds no error on any page of the sitemap in either language, nor on a form after a refused submission', async () => {
    const pages = new Map<string, string>();
    const paths = await sitemapPages();
    expect(paths.length).toBeGreaterThan(80);
    for (const path of paths) {
      const res = await fetch(url(path));
      expect(res.status, path).toBe(200);
      pages.set(path, await res.text());
    }
    for (const path of FORMS) pages.set(`${path} (refused)`, await refusedForm(path));
    for (const path of ['/tradelicense', '/hi/tradelicense']) pages.set(`${path} (refused, a file kept)`, await refusedWithKeptFile(path));
    // The stylesheets the pages link, checked as CSS.
    const stylesheets = new Set([...pages.values()].flatMap((html) => [...html.matchAll(/<link rel="stylesheet" href="(\/_astro\/[^"]+\.css)"/g)].map((m) => m[1])));
    expect(stylesheets.size).toBeGreaterThan(0);
    for (const sheet of stylesheets) pages.set(sheet, await (await fetch(url(sheet))).text());
    // An input that asks the browser to fill in a name or an address says it is a text field: HTML_CodeSniffer
    // reads the type attribute itself, and takes an input without one for a wrong autocomplete (WCAG 1.3.5).
    const untyped = [...pages].flatMap(([page, html]) => [...html.matchAll(/<input\b[^>]*>/g)]
      .filter((m) => /\sautocomplete="(?!off"|on")/.test(m[0]) && !/\stype="/.test(m[0])).map((m) => `${page}: ${m[0].slice(0, 80)}`));
    expect(untyped).toEqual([]);
    const errors = (await nuErrors(pages)).filter((e) => !CHECKER_LAGS_BEHIND.some((gap) => gap.test(`${e.message} ${e.extract ?? ''}`)));
    const lines = errors.map((e) => `${e.page}:${e.line}: ${e.message} [${e.extract?.trim().slice(0, 80)}]`);
    if (lines.length > 0) console.log(`Nu checker: ${errors.length} errors over ${pages.size} pages\n${lines.join('\n')}`);
    expect(lines).toEqual([]);
  }, 400_000);
});
