import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import { until } from '../support/until';

/**
 * A server renders the pages a visitor reaches first as it starts (src/server/warm-start.ts), so that the first
 * crowd after a restart is answered from the page cache instead of queueing behind the first renders.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ WARM_START: '1' });
  await until(() => (/Rendered the \d+ first pages/.test(server.output()) ? true : undefined), 'the first pages rendered', { tries: 600 });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('a warm start', () => {
  it('says how many of the first pages it rendered: all of them', () => {
    const [, rendered, of] = /Rendered the (\d+) first pages of (\d+)/.exec(server.output())!;
    expect(Number(of)).toBeGreaterThan(10);
    expect(rendered).toBe(of);
  });

  it('answers the very first visit to the home page, in both languages, and to the menu\'s pages from the cache', async () => {
    for (const path of ['/', '/hi', '/notice', '/currenttender', '/viewpropertytax', '/paypropertytax']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-cache'), path).toBe('hit');
      await res.text();
    }
  });

  it('is off for a server under test unless asked: its first visit renders', async () => {
    const cold = await startServer({});
    try {
      const res = await fetch(`${cold.url}/notice`);
      expect(res.headers.get('x-page-cache')).not.toBe('hit');
      await res.text();
      expect(cold.output()).not.toMatch(/Rendered the/);
    } finally {
      await cold.stop();
    }
  });
});
