import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A process that has just started compiles its code and renders its pages on its first visitors' time: the
 * home page then takes about 300 ms of CPU (5 ms once cached), another page 30 to 60 ms, and while one renders
 * the process answers nobody else. After a restart in the last days before the rebate ends, that is a queue
 * of a second for the first crowd. So each serving process opens the pages a visitor reaches first as soon
 * as it serves: the home page in both languages and every page of the main menu, one after another (a visitor
 * arriving meanwhile waits for one page at most), through its own request handler on a loopback listener of
 * its own (`exclusive`: with several processes, each warms itself, not whichever process node:cluster picks).
 * The pages land in the page cache as any anonymous visit's would. WARM_START (config.ts) turns it off.
 *
 * Asks `listener` for each of `paths` in turn (on `host`, the council's) and says in the log when it is done; never throws (a page that
 * fails is rendered on its first visit instead).
 */
export async function warmStart(listener: http.RequestListener, paths: readonly string[], host?: string): Promise<void> {
  const local = http.createServer(listener);
  const from = performance.now();
  let rendered = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      local.once('error', reject);
      local.listen({ host: '127.0.0.1', port: 0, exclusive: true }, resolve);
    });
    const { port } = local.address() as AddressInfo;
    for (const path of paths) {
      await new Promise<void>((resolve) => {
        // Asked on the council's own host name, which picks the council whose pages these are.
        const asked = http.get({ host: '127.0.0.1', port, path, agent: false, headers: host ? { host } : {} }, (res) => {
          if (res.statusCode === 200) rendered++;
          res.resume();
          res.on('end', resolve);
          res.on('error', () => resolve());
        });
        asked.on('error', () => resolve());
      });
    }
    console.log(`Rendered the ${rendered} first pages of ${paths.length} in ${Math.round(performance.now() - from)} ms`);
  } catch {
    // no loopback listener to be had: the first visitors render the pages, as they did before
  } finally {
    local.close();
  }
}
