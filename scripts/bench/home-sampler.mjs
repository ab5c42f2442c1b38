// A visitor in a process of its own: GETs a page one after another over one kept-alive connection, until its
// standard input closes (or at most 5,000 GETs or two minutes), then prints the times as JSON (after a line
// 'ready' once it is warmed up). Kept apart
// from the process that sends the load, whose own event loop would otherwise add its stalls to the figures.
import http from 'node:http';

const url = process.argv[2];
const timeoutMs = Number(process.argv[3] ?? 8000);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const deadline = Date.now() + 120_000;
const result = { ms: [], failures: 0 };
let stop = false;
process.stdin.on('data', () => undefined);
process.stdin.on('end', () => (stop = true));

function get() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get(url, { agent, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? Math.round(performance.now() - started) : null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

// The first GET opens the connection and warms this process up: not counted, and the load waits for it.
await get();
process.stdout.write('ready\n');
while (!stop && result.ms.length + result.failures < 5000 && Date.now() < deadline) {
  const ms = await get();
  if (ms === null) result.failures++;
  else result.ms.push(ms);
  // A short gap, so that on a small machine the sampler is a visitor and not a second load.
  await new Promise((r) => setTimeout(r, 5));
}
agent.destroy();
process.stdout.write(`${JSON.stringify(result)}\n`);
