import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The accessibility audits that did not pass, as 'id: title (elements)'; what to fix to reach 100. */
  accessibilityFailures: string[];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

interface AuditResult {
  id: string;
  title: string;
  score: number | null;
  details?: { items?: { node?: { selector?: string } }[] };
}

/** The accessibility audits that count towards the score and did not pass, with the elements they name. */
function accessibilityFailures(lhr: { categories: Record<string, { auditRefs: { id: string; weight: number }[] }>; audits: Record<string, AuditResult> }): string[] {
  return lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const nodes = (audit.details?.items ?? []).map((item) => item.node?.selector).filter(Boolean).slice(0, 5);
      return `${audit.id}: ${audit.title}${nodes.length ? ` (${nodes.join(', ')})` : ''}`;
    });
}

/**
 * Lighthouse's default run (a mid-range phone on a throttled network) against Debian's Chromium, offline:
 * only the pages of the local server are loaded. `categories` narrows the run (['accessibility'] for a
 * quick check of one page); the others then score 0.
 */
export async function lighthouseScores(baseUrl: string, paths: string[], categories: string[] = CATEGORIES): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const scores: LighthouseScores[] = [];
  try {
    for (const path of paths) {
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      const lhr = result!.lhr;
      const c = lhr.categories;
      const score = (key: string) => Math.round((c[key]?.score ?? 0) * 100);
      scores.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        accessibilityFailures: c.accessibility ? accessibilityFailures(lhr as unknown as Parameters<typeof accessibilityFailures>[0]) : [],
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

/**
 * `tsx scripts/bench/lighthouse.ts http://127.0.0.1:4321 /hi /hi/notice [--all]`: the accessibility score
 * of each page of a running server (every category with --all), and what failed.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const all = args.includes('--all');
  const [baseUrl, ...paths] = args.filter((arg) => arg !== '--all');
  if (!baseUrl || paths.length === 0) {
    console.error('Usage: tsx scripts/bench/lighthouse.ts BASE_URL PATH... [--all]');
    process.exit(2);
  }
  const results = await lighthouseScores(baseUrl.replace(/\/$/, ''), paths, all ? CATEGORIES : ['accessibility']);
  for (const result of results) {
    const figures = all ? `performance ${result.performance}, accessibility ${result.accessibility}, best practices ${result.bestPractices}, SEO ${result.seo}` : `accessibility ${result.accessibility}`;
    console.log(`${result.path}: ${figures}`);
    for (const failure of result.accessibilityFailures) console.log(`  - ${failure}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
