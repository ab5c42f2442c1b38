// `npx tsx scripts/bench/certificates.ts [--at-once 30]`: the built server's CPU time and peak memory (RSS,
// from /proc) while that many visitors download the demo's licence certificates at once, one licence each in
// turn, then the same again.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startServer } from '../../tests/support/server';

const { values } = parseArgs({ options: { 'at-once': { type: 'string' } } });
const atOnce = Number(values['at-once'] ?? 30);

const status = (pid: number) => fs.readFileSync(`/proc/${pid}/status`, 'utf8');
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(status(pid))![1]) / 1024;
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main() {
  const server = await startServer();
  try {
    const register = (await (await fetch(`${server.url}/api/Public/trade-licence/register.json`)).json()) as { licences: { licenceNumber: string }[] };
    const numbers = register.licences.map((l) => l.licenceNumber);
    for (const round of ['first', 'again']) {
      const cpu = cpuMs(server.pid);
      let peak = rssMb(server.pid);
      const idle = peak;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 10);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: atOnce }, (_, i) => fetch(`${server.url}/tradelicense/certificate/${numbers[i % numbers.length]}.pdf`).then(async (r) => ({ status: r.status, made: r.headers.get('x-made-file'), size: (await r.arrayBuffer()).byteLength }))));
      clearInterval(sampler);
      const made = answers.filter((a) => a.made !== 'stored').length;
      console.log(`${round}: ${atOnce} downloads of ${numbers.length} licences in ${Math.round(performance.now() - started)} ms, ${made} drawn; server CPU ${cpuMs(server.pid) - cpu} ms, RSS ${Math.round(idle)} → peak ${Math.round(peak)} MB; statuses ${[...new Set(answers.map((a) => a.status))].join(',')}`);
    }
  } finally {
    await server.stop();
  }
}

void main();
