// `npm run faulttest [-- --rounds 20 --writers 4]`: kills the built server with SIGKILL at random moments
// under a stream of admin writes, restarts it, and prints what survived. Exits 1 on any lost or
// half-stored write or a failed integrity check. FAULT_ROUNDS and FAULT_WRITERS work too.
import { parseArgs } from 'node:util';
import { runFaultTest } from './ops/fault-run';

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more, got "${raw}".`);
  return value;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { rounds: { type: 'string' }, writers: { type: 'string' } } });
  const rounds = wholeNumber('rounds', values.rounds ?? process.env.FAULT_ROUNDS, 20);
  const writers = wholeNumber('writers', values.writers ?? process.env.FAULT_WRITERS, 4);
  console.log(`Fault test: ${rounds} SIGKILLs under ${writers} concurrent writers (server from ${process.env.BUILD_DIR || 'dist'}/main.mjs)`);

  const figures = await runFaultTest({ rounds, writers, killAfterMs: [150, 2000], log: (line) => console.log(`  ${line}`) });
  const mean = figures.restartMs.reduce((s, x) => s + x, 0) / figures.restartMs.length;
  const verdict = (problems: unknown[]) => (problems.length === 0 ? 'none' : `${problems.length}: ${problems.slice(0, 5).join(', ')}`);
  console.log('');
  console.log(`rounds (kill -9, restart)      ${figures.rounds}`);
  console.log(`writes sent                    ${figures.attempted}`);
  console.log(`writes answered 2xx            ${figures.acknowledged}`);
  console.log(`  found whole after restarts   ${figures.found}`);
  console.log(`  lost                         ${verdict(figures.lost)}`);
  console.log(`committed, answer cut by kill  ${figures.committedUnanswered}`);
  console.log(`integrity_check                ${figures.integrity.length === 0 ? 'ok after every restart' : figures.integrity.join('; ')}`);
  console.log(`records without their file     ${verdict(figures.recordsWithoutFile)}`);
  console.log(`files without a record         ${verdict(figures.filesWithoutRecord)}`);
  console.log(`duplicated records             ${verdict(figures.duplicates)}`);
  console.log(`start to serving, mean         ${mean.toFixed(0)} ms over ${figures.restartMs.length} starts`);
  console.log(`data folder                    ${figures.dataDir}`);
  const clean = [figures.lost, figures.integrity, figures.recordsWithoutFile, figures.filesWithoutRecord, figures.duplicates].every((p) => p.length === 0);
  console.log(clean ? 'PASS: every acknowledged write survived, whole.' : 'FAIL');
  return clean ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    console.error(`Fault test failed to run: ${(err as Error).stack ?? err}`);
    process.exitCode = 2;
  },
);
