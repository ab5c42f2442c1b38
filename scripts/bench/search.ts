// `npm run bench:search`: the site search's response times against the large data set, on SQLite, or on a
// throwaway PostgreSQL server with `-- --postgres`. Builds nothing: run `npm run build` first. Prints
// p50/p95/p99 over a few hundred varied queries (English and Hindi, common and rare words, several words,
// word starts, words found nowhere), each asked once, one after another, as whole /search pages.
import { spawnSync } from 'node:child_process';
import { startServer } from '../../tests/support/server';
import { createFreshDatabase } from '../../tests/support/database';
import { startThrowawayCluster } from '../postgres-cluster.mjs';

const ENGLISH_COMMON = ['notice', 'ward', 'water', 'supply', 'works', 'tender', 'residents', 'informed', 'sealed bids', 'road repair'];
const ENGLISH_RARE = ['birth registration', 'tree plantation', 'market fees', 'drain cleaning', 'sanitation drive', 'plastic', 'mandi', 'holding tax', 'street lighting', 'property'];
const HINDI_COMMON = ['सूचना', 'वार्ड', 'कार्य', 'निविदा', 'नागरिकों', 'जल आपूर्ति', 'सड़क', 'आमंत्रित'];
const HINDI_RARE = ['वृक्षारोपण', 'जन्म पंजीकरण', 'बाज़ार शुल्क', 'नाली सफाई', 'स्वच्छता अभियान', 'संपत्ति कर', 'पानी', 'मुहरबंद'];
const NOWHERE = ['zqxjvwk', 'परमाणु', 'helicopter', 'quantum'];

/** A deterministic mix of about three hundred queries. */
export function benchQueries(): string[] {
  const queries: string[] = [];
  const words = [...ENGLISH_COMMON, ...ENGLISH_RARE, ...HINDI_COMMON, ...HINDI_RARE];
  for (const word of words) queries.push(word, word.slice(0, Math.max(2, Math.ceil(word.length * 0.6))));
  for (let i = 0; i < 60; i++) queries.push(`${words[i % words.length]} ${1 + (i % 25)}`);
  for (let i = 0; i < 60; i++) queries.push(`${words[(i * 7) % words.length]} ${words[(i * 11 + 3) % words.length]}`);
  for (let i = 0; i < 40; i++) queries.push(`Notice ${1 + i * 97}`, `सूचना ${1 + i * 89}`);
  for (const word of NOWHERE) queries.push(word, `${word} ward`);
  queries.push('"water" OR supply*', "NEAR(ward tax) -'x'", 'NPK/ENG/2024/0042', 'कार्य आदेश 1200');
  return queries;
}

export interface SearchFigures {
  queries: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Asks every query once (after one warm-up round of ten), timing each whole answer. */
export async function measureSearch(baseUrl: string, queries = benchQueries()): Promise<SearchFigures> {
  for (const query of queries.slice(0, 10)) await (await fetch(`${baseUrl}/search?q=${encodeURIComponent(query)}`)).text();
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/search?q=${encodeURIComponent(query)}`);
    await res.text();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`search for ${query} answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return { queries: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times[times.length - 1]) };
}

export const describeFigures = (f: SearchFigures) => `p50 ${f.p50} ms / p95 ${f.p95} ms / **p99 ${f.p99} ms** (max ${f.max} ms, ${f.queries} queries)`;

async function main() {
  const postgres = process.argv.includes('--postgres');
  const cluster = postgres ? await startThrowawayCluster({ durable: true }) : null;
  try {
    const database: Record<string, string> = cluster ? { DATABASE_URL: await createFreshDatabase(cluster.url, 'council_search_bench') } : {};
    const server = await startServer({ NODE_ENV: 'production', ...database, ...(process.env.PORT ? { PORT: process.env.PORT } : {}) });
    try {
      const seeded = spawnSync('npx', ['tsx', 'scripts/seed-large.ts'], { env: { ...process.env, DATA_DIR: server.dataDir, ...database }, encoding: 'utf8' });
      if (seeded.status !== 0) throw new Error(`seed:large failed: ${seeded.stderr}`);
      console.log(seeded.stdout.trim());
      const figures = await measureSearch(server.url);
      console.log(`Site search on ${postgres ? 'PostgreSQL' : 'SQLite'}: ${describeFigures(figures)}`);
    } finally {
      await server.stop();
    }
  } finally {
    await cluster?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
