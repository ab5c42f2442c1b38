// `npm run council:export -- --council <slug> --out FILE`: one file holding everything of a council (its
// identity, content, cases, accounts, payments, media and kept files), from either engine, safe while the
// server runs; `npm run council:import` makes it a council of another installation (scripts/ops/council-transfer.ts).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { closeScriptDatabases } from '../src/server/councils/script-council';
import { formatBytes } from './ops/database-file';
import { exportCouncil } from './ops/council-transfer';

const USAGE = 'Usage: npm run council:export -- --council <slug> --out FILE';

async function main(): Promise<number> {
  let council: string | undefined;
  let out: string | undefined;
  try {
    ({ council, out } = parseArgs({ options: { council: { type: 'string' }, out: { type: 'string' } } }).values);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!council || !out) {
    console.error(USAGE);
    return 2;
  }
  try {
    const size = await exportCouncil(council, path.resolve(out));
    console.log(`Exported council ${council} to ${path.resolve(out)} (${formatBytes(size)}).`);
    console.log('Sessions, one-time sign-in codes and attempt counters are not in it: its people sign in again where it is imported.');
    return 0;
  } catch (err) {
    console.error(`Not exported: ${(err as Error).message}`);
    return 1;
  } finally {
    await closeScriptDatabases();
  }
}

process.exitCode = await main();
