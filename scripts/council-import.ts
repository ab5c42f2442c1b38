// `npm run council:import -- --file FILE [--slug S] [--hosts h1,h2]`: makes a council exported by
// `npm run council:export` (from this installation or another, either engine) a new council here, under its
// own slug and hosts unless others are given. Refuses a slug or host name a council here has; a failure leaves
// nothing behind. A running server serves it within a second of its first request (scripts/ops/council-transfer.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeScriptDatabases } from '../src/server/councils/script-council';
import { importCouncil } from './ops/council-transfer';

const USAGE = 'Usage: npm run council:import -- --file FILE [--slug <slug>] [--hosts host1,host2]';

async function main(): Promise<number> {
  let values: { file?: string; slug?: string; hosts?: string };
  try {
    ({ values } = parseArgs({ options: { file: { type: 'string' }, slug: { type: 'string' }, hosts: { type: 'string' } } }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.file) {
    console.error(USAGE);
    return 2;
  }
  const hosts = values.hosts?.split(',').map((h) => h.trim()).filter(Boolean);
  try {
    const council = await importCouncil(path.resolve(values.file), { slug: values.slug, hosts });
    console.log(`Imported ${council.name} as council ${council.slug} on ${council.hosts.join(', ')}.`);
    return 0;
  } catch (err) {
    console.error(`Not imported: ${(err as Error).message}`);
    return 1;
  } finally {
    await closeScriptDatabases();
  }
}

process.exitCode = await main();
